import { CadHttpError, type PlayerIdentifiers, type RouteTypes } from '../../sdk/src/index.ts';
import type { Bridge } from './bridge.ts';

/** A body of the route without the player's identifiers, which the resource fills in. */
type Without<K extends keyof RouteTypes> = Omit<RouteTypes[K]['body'], 'identifiers'>;

/** What an export answers when it did not reach the CAD, or the CAD gave no answer: a value too, so a caller never has to catch. */
type Failed = {
  readonly ok: false;
  readonly reason: 'cad_unreachable' | 'cad_error' | 'not_configured' | 'no_player';
  readonly status?: number;
};

/** A player source as another resource passes it: a number or a numeric string; Lua's `nil` arrives as `null`. */
type SourceArgument = number | string | null | undefined;

async function answered<T>(work: () => Promise<T | Failed>): Promise<T | Failed> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CadHttpError) return { ok: false, reason: 'cad_error', status: error.status };
    return { ok: false, reason: 'cad_unreachable' };
  }
}

const NOT_CONFIGURED: Failed = { ok: false, reason: 'not_configured' };
const NO_PLAYER: Failed = { ok: false, reason: 'no_player' };

/**
 * The resource's exports for other resources: job hooks (`setDuty`), a plate reader or ALPR
 * (`plateRead`), and the records other scripts keep (`issueCitation`, `logArrest`,
 * `syncCivilian`, `syncVehicle`). Each answers a promise of `{ ok: true, ... }` or
 * `{ ok: false, reason }`, and never throws. They are registered whatever the configuration, so a
 * caller never meets "No such export": until the convars are set each answers `not_configured`.
 * Arguments are tested with `== null`: a Lua caller's `nil` arrives as `null`, a JS caller's
 * missing one as `undefined`.
 */
export function registerExports(bridge: () => Bridge | null): void {
  /** Runs `work` as a connected player, or answers why not. */
  const asPlayer = <T>(source: SourceArgument, work: (b: Bridge, identifiers: PlayerIdentifiers, player: string) => Promise<T>) =>
    answered<T>(async () => {
      const b = bridge();
      if (b === null) return NOT_CONFIGURED;
      const player = source == null ? '' : String(source);
      if (!/^[1-9][0-9]*$/.test(player) || getPlayerIdentifiers(player).length === 0) return NO_PLAYER;
      const identifiers = await b.identities.of(player);
      if (Object.keys(identifiers).length === 0) return NO_PLAYER;
      return work(b, identifiers, player);
    });

  exports('setDuty', (source: SourceArgument, onDuty: boolean | null) =>
    asPlayer(source, (b, _ids, player) => b.duty.set(player, onDuty === true)),
  );

  // A plate reader asks as the officer in the car, or, without one, as any officer on duty here.
  exports('plateRead', (plate: string | null, source?: SourceArgument) => {
    if (source != null)
      return asPlayer(source, (b, identifiers) => b.cad.bridge.boloCheck({ identifiers, plate: String(plate ?? '').slice(0, 32) }));
    return answered(async () => {
      const b = bridge();
      if (b === null) return NOT_CONFIGURED;
      const identifiers = b.roster.all()[0]?.identifiers;
      if (identifiers === undefined) return { ok: false as const, reason: 'no_officer_on_duty' as const };
      return b.cad.bridge.boloCheck({ identifiers, plate: String(plate ?? '').slice(0, 32) });
    });
  });

  exports('issueCitation', (source: SourceArgument, citation: Without<'bridgeIssueCitation'> | null) =>
    asPlayer(source, (b, identifiers) => b.cad.bridge.issueCitation({ ...citation!, identifiers })),
  );

  exports('logArrest', (source: SourceArgument, arrest: Without<'bridgeLogArrest'> | null) =>
    asPlayer(source, (b, identifiers) => b.cad.bridge.logArrest({ ...arrest!, identifiers })),
  );

  exports('syncCivilian', (source: SourceArgument, civilian: Without<'bridgeSyncCivilian'>['civilian'] | null) =>
    asPlayer(source, (b, identifiers) => b.cad.bridge.syncCivilian({ identifiers, civilian: civilian! })),
  );

  exports('syncVehicle', (source: SourceArgument, vehicle: Without<'bridgeSyncVehicle'>['vehicle'] | null) =>
    asPlayer(source, (b, identifiers) => b.cad.bridge.syncVehicle({ identifiers, vehicle: vehicle! })),
  );
}
