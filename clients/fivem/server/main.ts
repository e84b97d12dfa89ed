import { CadClient } from '../../sdk/src/index.ts';
import type { Bridge } from './bridge.ts';
import { registerCommands } from './commands.ts';
import { oneSyncOn, readConfig } from './config.ts';
import { type Department, Departments } from './departments.ts';
import { Duty } from './duty.ts';
import { registerExports } from './exports.ts';
import { Heartbeats } from './heartbeats.ts';
import { Identities } from './identities.ts';
import { Roster } from './players.ts';
import { Positions } from './positions.ts';
import { checkRelease, resourceVersion } from './release-check.ts';
import { Waypoints } from './waypoints.ts';

/** The server side of cad-bridge: everything that talks to the CAD runs here, with the secrets. */

const log = (message: string) => console.log(`[cad-bridge] ${message}`);

let bridge: Bridge | null = null;
// The exports exist from the start, configured or not: a caller gets `not_configured`, never "No such export".
registerExports(() => bridge);

const read = readConfig();
if (!read.ok) {
  log(`not started: set ${read.missing.join(', ')} in server.cfg (secrets with set, never setr)`);
} else {
  const { config } = read;
  for (const warning of read.warnings) log(warning);
  const roster = new Roster();
  // One client per department credential: each has its own token and its own rate-limit budget.
  const served: Department[] = config.departments.map((department) => {
    const cad = new CadClient({
      baseUrl: config.baseUrl,
      clientId: department.clientId,
      clientSecret: department.clientSecret,
      credential: 'game',
      onRetry: ({ operationId, cause, waitMs }) =>
        log(`${department.slug} ${operationId}: ${cause}, trying again in ${Math.round(waitMs)} ms`),
    });
    return { slug: department.slug, config: department, cad, waypoints: new Waypoints(cad, roster, config, log, department.slug) };
  });
  const departments = new Departments(served, roster, config.emergencyKeywords);
  // Links are the organisation's, not a department's: any credential reads them.
  const identities = new Identities(departments.first.cad);
  const positions = new Positions();
  const duty = new Duty(departments, roster, identities);
  const heartbeats = new Heartbeats(departments, roster, config, positions, identities, log, (source) => duty.forget(source));
  bridge = { config, departments, duty, roster, identities, positions, log };

  registerCommands(bridge);

  // A player who leaves goes off duty, so the unit does not linger on the dispatchers' board.
  on('playerDropped', () => {
    // `source` is this event's only while the handler runs synchronously; it is null after.
    const player = String(source);
    positions.forget(player);
    identities.forget(player);
    departments.forget(player);
    if (!duty.isOnDuty(player)) return;
    duty.set(player, false).catch((error: unknown) => {
      duty.forget(player);
      log(`player ${player} left; going off duty failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  });

  on('onResourceStop', (resource: string) => {
    if (resource !== GetCurrentResourceName()) return;
    heartbeats.stop();
    for (const department of served) department.waypoints.stop();
  });

  const sync = oneSyncOn();
  const slugs = served.map((department) => department.slug).join(', ');
  log(`${resourceVersion()} starting for ${served.length === 1 ? 'department' : 'departments'} ${slugs} at ${config.baseUrl}`);
  if (!sync) log('OneSync is off: the server cannot read positions, so none are sent, and /911 and /panic have no place. Set onesync on.');
  void checkRelease(departments.first.cad, log);
  for (const department of served) department.waypoints.start();
  heartbeats.start({ locations: sync });
}
