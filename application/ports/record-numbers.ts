import type { OrganisationId } from '../../domain/shared/ids.ts';

/**
 * Hands out the numbers of a series (`call:2026`, `callsign:<department>`) in an organisation:
 * 1, 2, 3... Two ways, for two kinds of series (decision 0146):
 * - `next`: inside a unit of work the series stays held until it ends, so concurrent writers get
 *   distinct numbers in commit order and a rolled-back number is handed out again (no gaps). For
 *   sequences a client resumes from (a department's waypoint events) and callsigns.
 * - `issue`: the number is the caller's at once, whatever becomes of its unit of work, and the
 *   series is not held: concurrent writers do not wait for each other's commits, and a write that
 *   rolls back leaves its number unused (a gap). Numbers stay unique and increasing in the order
 *   they are issued. For record numbers (calls, BOLOs, citations, arrests). A store with a single
 *   connection (the embedded one) may issue inside the unit of work, as `next` does.
 */
export interface RecordNumbers {
  next(organisationId: OrganisationId, series: string): Promise<number>;
  issue(organisationId: OrganisationId, series: string): Promise<number>;
  /**
   * `next`, taken by the unit of work's commit itself where the store can (decision 0150): the same
   * number, held, gapless and in commit order, but the series is held only while the commit runs.
   * Awaiting the call is safe anywhere; its `number` settles once the unit of work has committed
   * (never if it rolls back), so read it after the commit (an `afterCommit` effect), never inside
   * the unit of work. Where the store cannot, the number is taken at once, as `next`.
   */
  nextAtCommit(organisationId: OrganisationId, series: string): Promise<{ readonly number: Promise<number> }>;
}
