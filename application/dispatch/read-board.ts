import type { Operator } from '../../domain/operator/operator.ts';
import type { Call } from '../../domain/call/call.ts';
import type { Department } from '../../domain/organisation/department.ts';
import type { Organisation } from '../../domain/organisation/organisation.ts';
import type { PresenceClaim } from '../../domain/presence/presence.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import type { UnitPosition } from '../ports/dispatch-channel.ts';
import { type AccessRefusal, authorise } from '../operator/operator-access.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { OPEN_CALL_STATUSES } from './list-open-calls.ts';

/** How many units and open calls a board is given at most (far beyond a community's shift). */
export const BOARD_LIMIT = 5_000;

export interface DispatchBoard {
  readonly organisation: Organisation;
  readonly departments: readonly Department[];
  /** Every active unit on duty, with its assignment. */
  readonly units: readonly Unit[];
  /** Open calls, newest first, with their notes. */
  readonly calls: readonly Call[];
  /** The last known position of units on duty. */
  readonly positions: readonly UnitPosition[];
  /** The presence claim of each unit's character that has one, lapsed or not. */
  readonly presence: readonly PresenceClaim[];
  /** Whether the operator may act on the board (`dispatch.manage`), not only watch it (`dispatch.view`). */
  readonly canManage: boolean;
}

/**
 * What a dispatch board shows when it connects: the organisation's departments, units on duty,
 * open calls and last known positions. Watching needs `dispatch.view` (which `dispatch.manage`
 * grants too), as the HTTP routes that read calls do; every action goes through the routes, which
 * check `dispatch.manage`.
 */
export class ReadDispatchBoard {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'departments' | 'units' | 'calls' | 'positions' | 'presence'>) {}

  async execute(input: { operator: Operator; organisationId: OrganisationId }): Promise<Outcome<DispatchBoard, AccessRefusal>> {
    const { operator, organisationId } = input;
    const access = authorise(operator, 'dispatch.view', organisationId);
    if (!access.ok) return access;
    const organisation = await this.ports.organisations.get(organisationId);
    if (organisation === null) return refuse('not_found');
    const [departments, listed, calls, positions] = await Promise.all([
      this.ports.departments.listByOrganisation(organisationId),
      this.ports.units.list({ organisationId, isActive: true, limit: BOARD_LIMIT }),
      this.ports.calls.list({ organisationId, statuses: OPEN_CALL_STATUSES, limit: BOARD_LIMIT, offset: 0 }),
      this.ports.positions.latest(organisationId),
    ]);
    const units = listed.filter((unit) => unit.isOnDuty);
    const onDuty = new Set(units.map((unit) => unit.id));
    const presence = await this.ports.presence.claimsOf(
      organisationId,
      units.map((unit) => unit.snapshot().characterId),
    );
    return accept({
      organisation,
      departments,
      units,
      calls,
      positions: positions.filter((position) => onDuty.has(position.unitId)),
      presence,
      canManage: operator.allows('dispatch.manage', organisationId),
    });
  }
}
