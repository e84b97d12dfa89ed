import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { DepartmentId } from '../../domain/shared/ids.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import type { Ports } from '../ports/port-catalogue.ts';

export const MAX_UNIT_LIST = 500;

export interface ListUnitsInput {
  readonly grant: AccessGrant;
  /** Omitted: every department of the credential's organisation. */
  readonly departmentId?: DepartmentId;
  readonly isActive?: boolean;
  readonly limit: number;
}

/** `GET /units`: the organisation's units as a dispatcher sees them. */
export class ListUnits {
  constructor(private readonly ports: Pick<Ports, 'units'>) {}

  execute(input: ListUnitsInput): Promise<Unit[]> {
    return this.ports.units.list({
      organisationId: input.grant.organisationId,
      departmentId: input.departmentId,
      isActive: input.isActive,
      limit: Math.min(input.limit, MAX_UNIT_LIST),
    });
  }
}
