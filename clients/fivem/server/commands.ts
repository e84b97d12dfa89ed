import { CadHttpError, CadUnreachableError } from '../../sdk/src/index.ts';
import type { Bridge } from './bridge.ts';
import { tell } from './chat.ts';
import { plain } from './plain-text.ts';
import type { CommandKey } from './config.ts';
import { REASONS } from './duty.ts';
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

/**
 * Free text as the player typed it: the raw command line after the command's name. The console's
 * tokens lose quotes and stop at ` #`, ` //` and ` /*`, so `/911 shots at #4 Grove` would lose
 * "#4 Grove".
 */
const textAfterName = (raw: string) => raw.replace(/^\/?\S+\s*/, '').trim();

/** A `/911` or `/panic` needs a place: the position now, else the last one read, else none. */
const NO_POSITION = 'your position is not known yet (still loading, or OneSync is off); try again in a moment';

/** The players' chat commands, all handled on the server side, under the names the convars give them. */
/** MDT hand-offs one player may get in a minute, as the CAD allows them (it counts per player as well). */
const MDT_LINKS_PER_MINUTE = 3;

export function registerCommands(bridge: Bridge): void {
  const { config, departments, duty, identities, positions, log } = bridge;
  /** The client of the department the player's command goes through (their on-duty one, else the first they may join). */
  const cadOf = (source: string) => departments.forPlayer(source).cad;
  const command = (key: CommandKey, run: (source: string, args: string[], raw: string) => Promise<void>) => {
    const name = config.commands[key];
    RegisterCommand(
      name,
      (source: number, args: string[], raw: string) => {
        const player = String(source);
        if (source <= 0) return log(`/${name} is a player command`);
        run(player, args, typeof raw === 'string' ? raw : args.join(' ')).catch((error: unknown) => {
          log(`/${name} for player ${player} failed: ${error instanceof Error ? error.message : String(error)}`);
          tell(player, failure(error), RED);
        });
      },
      false,
    );
  };
  const slash = (key: CommandKey) => `/${config.commands[key]}`;

  command('cadlink', async (source, [code]) => {
    if (!code) {
      // No code: the CAD starts a link for this player's identifiers, which they confirm in their
      // account (an extension of the contract). The address goes to this player alone.
      const pending = await departments.first.cad.bridge.startPendingLink({ identifiers: identities.known(source) });
      // Which licence the link knows is asked again on the player's next action, once they confirmed.
      identities.forget(source);
      const address = `${config.baseUrl}${pending.linkPath}`;
      emitNet(CLIENT_EVENTS.openUrl, source, address);
      return tell(
        source,
        `To link your game to the CAD, open ${address} and confirm (within 10 minutes), or type ${slash('cadlink')} <code> with a code from your account.`,
      );
    }
    // A link is the organisation's: any department's credential makes it.
    const answer = await departments.first.cad.bridge.linkIdentity({ identifiers: identities.known(source), code: code.slice(0, 32) });
    if (answer.ok) identities.linked(source);
    tell(source, answer.ok ? `Linked to ${plain(answer.displayName)}.` : `Not linked: ${why(answer.reason)}.`, answer.ok ? undefined : RED);
  });

  command('duty', (source, [slug]) => duty.toggle(source, slug));

  command('911', async (source, _args, raw) => {
    // The department the caller names first, else the one a keyword of the text points to, else the first.
    const { department, description } = departments.forEmergency(textAfterName(raw));
    if (description === '') return tell(source, `Usage: ${slash('911')} <what happened>`, RED);
    const at = positions.best(source);
    if (at === null) return tell(source, `911 call not reported: ${NO_POSITION}.`, RED);
    const answer = await department.cad.bridge.report911({
      identifiers: await identities.of(source),
      mapX: at.x,
      mapY: at.y,
      description: description.slice(0, 2000),
    });
    tell(source, answer.ok ? `911 call ${answer.callNumber} reported.` : `911 call not reported: ${why(answer.reason)}.`);
  });

  command('panic', async (source) => {
    const at = positions.best(source);
    if (at === null) return tell(source, `Panic not sent: ${NO_POSITION}.`, RED);
    const answer = await cadOf(source).bridge.panic({ identifiers: await identities.of(source), mapX: at.x, mapY: at.y });
    tell(source, answer.ok ? `PANIC sent: call ${answer.callNumber}.` : `Panic not sent: ${why(answer.reason)}.`, RED);
  });

  command('plate', async (source, args) => {
    const plate = args.join('').trim();
    if (plate === '') return tell(source, `Usage: ${slash('plate')} <plate>`, RED);
    const answer = await cadOf(source).bridge.lookupVehicle({ identifiers: await identities.of(source), plate: plate.slice(0, 32) });
    if (!answer.ok) return tell(source, plain(`Plate ${plate}: ${why(answer.reason)}.`));
    const v = answer.vehicle;
    const model = [v.color, v.make, v.model].filter((part) => part !== null).join(' ') || 'unknown vehicle';
    const owner = v.ownerDisplayName ?? 'unknown';
    tell(source, plain(`Plate ${v.plate}: ${model}, registration ${v.registrationStatus}, owner ${owner}.`));
  });

  command('name', async (source, [firstName, lastName]) => {
    if (!firstName || !lastName) return tell(source, `Usage: ${slash('name')} <first> <last>`, RED);
    const answer = await cadOf(source).bridge.lookupPerson({ identifiers: await identities.of(source), firstName, lastName });
    if (!answer.ok) return tell(source, plain(`${firstName} ${lastName}: ${why(answer.reason)}.`));
    for (const match of answer.matches) {
      if (!('civilianId' in match)) continue;
      tell(source, plain(`${match.firstName} ${match.lastName}, born ${match.dateOfBirth ?? 'unknown'}, licence ${match.licenseStatus}.`));
    }
  });

  command('warrant', async (source, [firstName, lastName, dateOfBirth]) => {
    if (!firstName || !lastName || !dateOfBirth) return tell(source, `Usage: ${slash('warrant')} <first> <last> <YYYY-MM-DD>`, RED);
    const identifiers = await identities.of(source);
    const answer = await cadOf(source).bridge.warrantCheck({ identifiers, firstName, lastName, dateOfBirth });
    const who = plain(`${firstName} ${lastName}`);
    if (!answer.ok) return tell(source, `${who}: ${why(answer.reason)}.`);
    tell(
      source,
      answer.hasActiveWarrant ? `${who}: ACTIVE WARRANT.` : `${who}: no active warrant.`,
      answer.hasActiveWarrant ? RED : undefined,
    );
  });

  /** When each player got their MDT hand-offs this minute (forgotten when they leave: a source number is reused). */
  const linksSent = new Map<string, number[]>();
  on('playerDropped', () => linksSent.delete(String(source)));
  command('mdt', async (source, [code]) => {
    if (!code) {
      // The plain address: the page shows a code that only a player in the game can confirm, so what
      // the game's prompt shows on screen (and on stream) opens nothing, and no secret reaches the
      // browser's history (decision 0108).
      emitNet(CLIENT_EVENTS.openUrl, source, `${config.baseUrl}/mdt/`);
      return tell(source, `MDT opening in your browser: type ${slash('mdt')} and the code it shows.`);
    }
    // Each code typed makes a hand-off: a player who repeats it spends their own allowance before
    // the CAD is asked, never the server's budget (three a minute each, as the CAD counts them).
    const now = Date.now();
    const recent = (linksSent.get(source) ?? []).filter((at) => now - at < 60_000);
    if (recent.length >= MDT_LINKS_PER_MINUTE) return tell(source, 'MDT: you asked for it often this minute; wait a little.', RED);
    linksSent.set(source, [...recent, now]);
    const identifiers = await identities.of(source);
    const department = departments.forPlayer(source);
    const answer = await department.cad.bridge.confirmMdtHandoff({
      identifiers,
      code: code.slice(0, 16),
      departmentSlug: department.slug,
      onDuty: duty.isOnDuty(source),
    });
    tell(
      source,
      answer.ok ? 'MDT confirmed: it opens in your browser.' : `MDT not confirmed: ${why(answer.reason)}.`,
      answer.ok ? undefined : RED,
    );
  });
}
