import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { UnitId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import type { UnitRepository } from '../ports/unit-repository.ts';
import { ownRecord } from './api-access.ts';

/** `GET /units/:unitId`. */
export class ReadUnit {
  constructor(private readonly units: UnitRepository) {}

  async execute(input: { grant: AccessGrant; unitId: UnitId }): Promise<Outcome<Unit, 'not_found'>> {
    const unit = ownRecord(input.grant, await this.units.get(input.unitId));
    return unit === null ? refuse('not_found') : accept(unit);
  }
}
