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
 * The resource's exports for other resources: job hooks (`setDuty`, `setJob`), a plate reader or ALPR
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

  // On duty in the department named (else the first the player may join), or off duty; refused without its ACE or job.
  exports('setDuty', (source: SourceArgument, onDuty: boolean | null, departmentSlug?: string | null) =>
    asPlayer(source, (b, _ids, player) => b.duty.set(player, onDuty === true, departmentSlug == null ? null : String(departmentSlug))),
  );

  // A framework's job hook reports the player's job (`nil` for none); a job listed in `cad_<slug>_jobs` lets them on duty
  // there. An officer whose new job no longer lets them on duty in their department goes off duty.
  exports('setJob', (source: SourceArgument, job: string | null) =>
    asPlayer(source, async (b, _ids, player) => {
      b.departments.setJob(player, job == null ? null : String(job));
      const officer = b.roster.of(player);
      if (officer === undefined || b.departments.may(player, b.departments.forOfficer(officer.departmentSlug)))
        return { ok: true as const };
      const off = await b.duty.set(player, false);
      return off.ok ? { ok: true as const, offDuty: true } : off;
    }),
  );

  // A plate reader asks as the officer in the car, or, without one, as any officer on duty here.
  exports('plateRead', (plate: string | null, source?: SourceArgument) => {
    if (source != null)
      return asPlayer(source, (b, identifiers, player) =>
        b.departments.forPlayer(player).cad.bridge.boloCheck({ identifiers, plate: String(plate ?? '').slice(0, 32) }),
      );
    return answered(async () => {
      const b = bridge();
      if (b === null) return NOT_CONFIGURED;
      const officer = b.roster.all()[0];
      if (officer === undefined) return { ok: false as const, reason: 'no_officer_on_duty' as const };
      const { cad } = b.departments.forOfficer(officer.departmentSlug);
      return cad.bridge.boloCheck({ identifiers: officer.identifiers, plate: String(plate ?? '').slice(0, 32) });
    });
  });

  exports('issueCitation', (source: SourceArgument, citation: Without<'bridgeIssueCitation'> | null) =>
    asPlayer(source, (b, identifiers, player) => b.departments.forPlayer(player).cad.bridge.issueCitation({ ...citation!, identifiers })),
  );

  exports('logArrest', (source: SourceArgument, arrest: Without<'bridgeLogArrest'> | null) =>
    asPlayer(source, (b, identifiers, player) => b.departments.forPlayer(player).cad.bridge.logArrest({ ...arrest!, identifiers })),
  );

  exports('syncCivilian', (source: SourceArgument, civilian: Without<'bridgeSyncCivilian'>['civilian'] | null) =>
    asPlayer(source, (b, identifiers, player) =>
      b.departments.forPlayer(player).cad.bridge.syncCivilian({ identifiers, civilian: civilian! }),
    ),
  );

  exports('syncVehicle', (source: SourceArgument, vehicle: Without<'bridgeSyncVehicle'>['vehicle'] | null) =>
    asPlayer(source, (b, identifiers, player) =>
      b.departments.forPlayer(player).cad.bridge.syncVehicle({ identifiers, vehicle: vehicle! }),
    ),
  );
}
