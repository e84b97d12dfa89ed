import { type CadClient, CadHttpError, type RouteTypes } from '../../sdk/src/index.ts';
import type { Duty } from './duty.ts';
import { type Roster, identifiersOf } from './players.ts';

/** A body of the route without the player's identifiers, which the resource fills in. */
type Without<K extends keyof RouteTypes> = Omit<RouteTypes[K]['body'], 'identifiers'>;

/** What an export answers when the CAD gave no answer: a value too, so a calling resource never has to catch. */
type Failed = { readonly ok: false; readonly reason: 'cad_unreachable' | 'cad_error'; readonly status?: number };

async function answered<T>(work: () => Promise<T>): Promise<T | Failed> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CadHttpError) return { ok: false, reason: 'cad_error', status: error.status };
    return { ok: false, reason: 'cad_unreachable' };
  }
}

/**
 * The resource's exports for other resources: job hooks (`setDuty`), a plate reader or ALPR
 * (`plateRead`), and the records other scripts keep (`issueCitation`, `logArrest`,
 * `syncCivilian`, `syncVehicle`). Each answers a promise of `{ ok: true, ... }` or
 * `{ ok: false, reason }`.
 */
export function registerExports(cad: CadClient, roster: Roster, duty: Duty): void {
  const playerOf = (source: number | string) => identifiersOf(String(source));

  exports('setDuty', (source: number | string, onDuty: boolean) => answered(() => duty.set(String(source), onDuty === true)));

  // A plate reader asks as the officer in the car, or, without one, as any officer on duty here.
  exports('plateRead', (plate: string, source?: number | string) =>
    answered(async () => {
      const identifiers = source === undefined ? roster.all()[0]?.identifiers : playerOf(source);
      if (identifiers === undefined) return { ok: false as const, reason: 'no_officer_on_duty' as const };
      return cad.bridge.boloCheck({ identifiers, plate: String(plate).slice(0, 32) });
    }),
  );

  exports('issueCitation', (source: number | string, citation: Without<'bridgeIssueCitation'>) =>
    answered(() => cad.bridge.issueCitation({ ...citation, identifiers: playerOf(source) })),
  );

  exports('logArrest', (source: number | string, arrest: Without<'bridgeLogArrest'>) =>
    answered(() => cad.bridge.logArrest({ ...arrest, identifiers: playerOf(source) })),
  );

  exports('syncCivilian', (source: number | string, civilian: Without<'bridgeSyncCivilian'>['civilian']) =>
    answered(() => cad.bridge.syncCivilian({ identifiers: playerOf(source), civilian })),
  );

  exports('syncVehicle', (source: number | string, vehicle: Without<'bridgeSyncVehicle'>['vehicle']) =>
    answered(() => cad.bridge.syncVehicle({ identifiers: playerOf(source), vehicle })),
  );
}
