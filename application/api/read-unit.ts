import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { UnitId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { ownRecord } from './api-access.ts';

/** `GET /units/:unitId`. */
export class ReadUnit {
  constructor(private readonly ports: Pick<Ports, 'units'>) {}

  async execute(input: { grant: AccessGrant; unitId: UnitId }): Promise<Outcome<Unit, 'not_found'>> {
    const unit = ownRecord(input.grant, await this.ports.units.get(input.unitId));
    return unit === null ? refuse('not_found') : accept(unit);
  }
}
