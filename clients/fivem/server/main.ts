import { CadClient } from '../../sdk/src/index.ts';
import type { Bridge } from './bridge.ts';
import { registerCommands } from './commands.ts';
import { oneSyncOn, readConfig } from './config.ts';
import { Duty } from './duty.ts';
import { registerExports } from './exports.ts';
import { Heartbeats } from './heartbeats.ts';
import { Identities } from './identities.ts';
import { Roster } from './players.ts';
import { Positions } from './positions.ts';
import { checkRelease, resourceVersion } from './release-check.ts';
import { Waypoints } from './waypoints.ts';

/** The server side of cad-bridge: everything that talks to the CAD runs here, with the secret. */

const log = (message: string) => console.log(`[cad-bridge] ${message}`);

let bridge: Bridge | null = null;
// The exports exist from the start, configured or not: a caller gets `not_configured`, never "No such export".
registerExports(() => bridge);

const read = readConfig();
if (!read.ok) {
  log(`not started: set ${read.missing.join(', ')} in server.cfg (the secret with set, never setr)`);
} else {
  const { config } = read;
  const cad = new CadClient({
    baseUrl: config.baseUrl,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    credential: 'game',
    onRetry: ({ operationId, cause, waitMs }) => log(`${operationId}: ${cause}, trying again in ${Math.round(waitMs)} ms`),
  });
  const roster = new Roster();
  const identities = new Identities(cad);
  const positions = new Positions();
  const waypoints = new Waypoints(cad, roster, config, log);
  const duty = new Duty(cad, roster, config, waypoints, identities);
  const heartbeats = new Heartbeats(cad, roster, config, positions, identities, log, (source) => duty.forget(source));
  bridge = { cad, config, duty, roster, identities, positions, log };

  registerCommands(bridge);

  // A player who leaves goes off duty, so the unit does not linger on the dispatchers' board.
  on('playerDropped', () => {
    // `source` is this event's only while the handler runs synchronously; it is null after.
    const player = String(source);
    positions.forget(player);
    identities.forget(player);
    if (!duty.isOnDuty(player)) return;
    duty.set(player, false).catch((error: unknown) => {
      duty.forget(player);
      log(`player ${player} left; going off duty failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  });

  on('onResourceStop', (resource: string) => {
    if (resource !== GetCurrentResourceName()) return;
    heartbeats.stop();
    waypoints.stop();
  });

  const sync = oneSyncOn();
  log(`${resourceVersion()} starting for department ${config.departmentSlug} at ${config.baseUrl}`);
  if (!sync) log('OneSync is off: the server cannot read positions, so none are sent, and /911 and /panic have no place. Set onesync on.');
  void checkRelease(cad, log);
  waypoints.start();
  heartbeats.start({ locations: sync });
}
