import { CadClient } from '../../sdk/src/index.ts';
import { registerCommands } from './commands.ts';
import { readConfig } from './config.ts';
import { Duty } from './duty.ts';
import { registerExports } from './exports.ts';
import { Heartbeats } from './heartbeats.ts';
import { Roster } from './players.ts';
import { checkRelease, resourceVersion } from './release-check.ts';
import { Waypoints } from './waypoints.ts';

/** The server side of cad-bridge: everything that talks to the CAD runs here, with the secret. */

const log = (message: string) => console.log(`[cad-bridge] ${message}`);

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
  const waypoints = new Waypoints(cad, roster, config, log);
  const duty = new Duty(cad, roster, config, waypoints);
  const heartbeats = new Heartbeats(cad, roster, config, log, (source) => duty.forget(source));

  registerCommands(cad, config, duty, log);
  registerExports(cad, roster, duty);

  // A player who leaves goes off duty, so the unit does not linger on the dispatchers' board.
  on('playerDropped', () => {
    const player = String(source);
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

  log(`${resourceVersion()} starting for department ${config.departmentSlug} at ${config.baseUrl}`);
  void checkRelease(cad, log);
  waypoints.start();
  heartbeats.start();
}
