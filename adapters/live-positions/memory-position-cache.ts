import type { UnitPosition } from '../../application/ports/dispatch-channel.ts';
import type { PositionCache } from '../../application/ports/position-cache.ts';
import type { OrganisationId, UnitId } from '../../domain/shared/ids.ts';

/**
 * Last known positions in this process: one map per organisation, unit to position. A position
 * older than the reader's `since` is left out and dropped as it is read; each report replaces its
 * unit's, so the maps never hold more than one entry per unit that reported.
 */
export class MemoryPositionCache implements PositionCache {
  private readonly organisations = new Map<OrganisationId, Map<UnitId, UnitPosition>>();

  remember(position: UnitPosition): void {
    let units = this.organisations.get(position.organisationId);
    if (units === undefined) this.organisations.set(position.organisationId, (units = new Map()));
    units.set(position.unitId, position);
  }

  forget(organisationId: OrganisationId, unitId: UnitId): void {
    this.organisations.get(organisationId)?.delete(unitId);
  }

  async positionsOf(organisationId: OrganisationId, since: Date): Promise<UnitPosition[]> {
    const units = this.organisations.get(organisationId);
    if (units === undefined) return [];
    const kept: UnitPosition[] = [];
    for (const [unitId, position] of units) {
      if (position.reportedAt.getTime() >= since.getTime()) kept.push(position);
      else units.delete(unitId);
    }
    return kept;
  }
}
