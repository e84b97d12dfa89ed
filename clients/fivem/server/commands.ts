import { type CadClient, CadHttpError, CadUnreachableError } from '../../sdk/src/index.ts';
import type { BridgeConfig } from './config.ts';
import { type Duty, REASONS } from './duty.ts';
import { identifiersOf, plain, positionOf, tell } from './players.ts';
import { CLIENT_EVENTS } from './waypoints.ts';

const RED: [number, number, number] = [255, 120, 120];
const why = (reason: string) => REASONS[reason] ?? reason;

/** What a failure says to the player: whether the action may or may not have happened. */
function failure(error: unknown): string {
  if (error instanceof CadUnreachableError) return 'The CAD could not be reached; this may not have been recorded. Try again.';
  if (error instanceof CadHttpError && error.status === 400) return 'The CAD refused that input.';
  if (error instanceof CadHttpError && error.status === 429) return 'The CAD is busy; try again in a minute.';
  return 'The CAD did not answer as expected; the action may not have been recorded.';
}

/** The players' chat commands, all handled on the server side. */
export function registerCommands(cad: CadClient, config: BridgeConfig, duty: Duty, log: (message: string) => void): void {
  const command = (name: string, run: (source: string, args: string[]) => Promise<void>) =>
    RegisterCommand(
      name,
      (source: number, args: string[]) => {
        const player = String(source);
        if (source <= 0) return log(`/${name} is a player command`);
        run(player, args).catch((error: unknown) => {
          log(`/${name} for player ${player} failed: ${error instanceof Error ? error.message : String(error)}`);
          tell(player, failure(error), RED);
        });
      },
      false,
    );

  command('cadlink', async (source, [code]) => {
    if (!code) return tell(source, 'Usage: /cadlink <code> (the code your CAD account shows)', RED);
    const answer = await cad.bridge.linkIdentity({ identifiers: identifiersOf(source), code: code.slice(0, 32) });
    tell(source, answer.ok ? `Linked to ${plain(answer.displayName)}.` : `Not linked: ${why(answer.reason)}.`, answer.ok ? undefined : RED);
  });

  command('duty', (source) => duty.toggle(source));

  command('911', async (source, args) => {
    const description = args.join(' ').trim();
    if (description === '') return tell(source, 'Usage: /911 <what happened>', RED);
    const { x, y } = positionOf(source);
    const answer = await cad.bridge.report911({
      identifiers: identifiersOf(source),
      mapX: x,
      mapY: y,
      description: description.slice(0, 2000),
    });
    tell(source, answer.ok ? `911 call ${answer.callNumber} reported.` : `911 call not reported: ${why(answer.reason)}.`);
  });

  command('panic', async (source) => {
    const { x, y } = positionOf(source);
    const answer = await cad.bridge.panic({ identifiers: identifiersOf(source), mapX: x, mapY: y });
    tell(source, answer.ok ? `PANIC sent: call ${answer.callNumber}.` : `Panic not sent: ${why(answer.reason)}.`, RED);
  });

  command('plate', async (source, args) => {
    const plate = args.join('').trim();
    if (plate === '') return tell(source, 'Usage: /plate <plate>', RED);
    const answer = await cad.bridge.lookupVehicle({ identifiers: identifiersOf(source), plate: plate.slice(0, 32) });
    if (!answer.ok) return tell(source, `Plate ${plate}: ${why(answer.reason)}.`);
    const v = answer.vehicle;
    const model = [v.color, v.make, v.model].filter((part) => part !== null).join(' ') || 'unknown vehicle';
    const owner = v.ownerDisplayName ?? 'unknown';
    tell(source, plain(`Plate ${v.plate}: ${model}, registration ${v.registrationStatus}, owner ${owner}.`));
  });

  command('name', async (source, [firstName, lastName]) => {
    if (!firstName || !lastName) return tell(source, 'Usage: /name <first> <last>', RED);
    const answer = await cad.bridge.lookupPerson({ identifiers: identifiersOf(source), firstName, lastName });
    if (!answer.ok) return tell(source, `${firstName} ${lastName}: ${why(answer.reason)}.`);
    for (const match of answer.matches) {
      if (!('civilianId' in match)) continue;
      tell(source, plain(`${match.firstName} ${match.lastName}, born ${match.dateOfBirth ?? 'unknown'}, licence ${match.licenseStatus}.`));
    }
  });

  command('warrant', async (source, [firstName, lastName, dateOfBirth]) => {
    if (!firstName || !lastName || !dateOfBirth) return tell(source, 'Usage: /warrant <first> <last> <YYYY-MM-DD>', RED);
    const answer = await cad.bridge.warrantCheck({ identifiers: identifiersOf(source), firstName, lastName, dateOfBirth });
    if (!answer.ok) return tell(source, `${firstName} ${lastName}: ${why(answer.reason)}.`);
    tell(
      source,
      answer.hasActiveWarrant ? `${firstName} ${lastName}: ACTIVE WARRANT.` : `${firstName} ${lastName}: no active warrant.`,
      answer.hasActiveWarrant ? RED : undefined,
    );
  });

  command('mdt', async (source) => {
    const answer = await cad.bridge.mdtHandoff({
      identifiers: identifiersOf(source),
      departmentSlug: config.departmentSlug,
      onDuty: duty.isOnDuty(source),
    });
    if (!answer.ok) return tell(source, `MDT not opened: ${why(answer.reason)}.`, RED);
    const url = `${config.baseUrl}/mdt/#handoff=${encodeURIComponent(answer.token)}`;
    // The link goes to this player's client alone: chat is read by others (streams, screen shares,
    // chat logs), and whoever redeems the link first holds the officer's MDT session.
    emitNet(CLIENT_EVENTS.openUrl, source, url);
    tell(source, `MDT (${answer.tier}) opening in your browser.`);
  });
}
