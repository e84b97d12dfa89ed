import type { OrganisationId } from '../../domain/shared/ids.ts';

/**
 * Hands out the next number of a series (`call:2026`, `callsign:<department>`) in an
 * organisation: 1, 2, 3... Inside a unit of work the series stays held until it ends, so
 * concurrent writers get distinct numbers in commit order, and a rolled-back number is reused.
 */
export interface RecordNumbers {
  next(organisationId: OrganisationId, series: string): Promise<number>;
}
