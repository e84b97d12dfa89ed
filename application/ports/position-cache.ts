import type { OrganisationId, UnitId } from '../../domain/shared/ids.ts';
import type { UnitPosition } from './dispatch-channel.ts';

/**
 * The last known position of each unit, kept for a while after its last report (in this process,
 * or in Redis where instances share it): what a board that connects shows at once. Writes are
 * fire-and-forget, so that a heartbeat never waits on them; an adapter reports its own failures.
 */
export interface PositionCache {
  remember(position: UnitPosition): void;
  forget(organisationId: OrganisationId, unitId: UnitId): void;
  /** The organisation's positions reported at or after `since`. */
  positionsOf(organisationId: OrganisationId, since: Date): Promise<UnitPosition[]>;
}
