import type { Operator } from '../../domain/operator/operator.ts';
import type { OperatorPermission } from '../../domain/operator/operator-key.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { Audited, AuditedWrites } from '../audit/audited-writes.ts';
import type { OrganisationRepository } from '../ports/organisation-repositories.ts';
import { type AccessRefusal, authorise, operatorActor } from './operator-access.ts';

/** An operator's request about one organisation, named by its id. */
export interface OrganisationRequest {
  readonly operator: Operator;
  readonly organisationId: OrganisationId;
}

/** For a write whose input has nothing of its own to check. */
export function nothingToCheck(): Outcome<null, never> {
  return accept(null);
}

/**
 * The frame of an operator's write into an organisation named by id:
 * `inOrganisation(organisations, writes).write(request, permission, check, work)`. The key must
 * reach the organisation and hold the permission, checked before anything else; then the input's
 * own `check`; then, in one unit of work attributed to the operator, the organisation must still
 * exist. `conflicts` names the refusal for a uniqueness race lost (see `AuditedWrites.run`).
 */
export function inOrganisation(organisations: OrganisationRepository, writes: AuditedWrites) {
  return {
    write<Checked, Invalid extends string, Result, Reason extends string>(
      request: OrganisationRequest,
      permission: OperatorPermission,
      check: () => Outcome<Checked, Invalid>,
      work: (checked: Checked, now: Date) => Promise<Outcome<Audited<Result>, Reason>>,
      conflicts: Readonly<Record<string, Reason>> = {},
    ): Promise<Outcome<Result, AccessRefusal | Invalid | Reason>> {
      const access = authorise(request.operator, permission, request.organisationId);
      if (!access.ok) return Promise.resolve(access);
      const checked = check();
      if (!checked.ok) return Promise.resolve(checked);
      const write = async (now: Date): Promise<Outcome<Audited<Result>, Reason | 'not_found'>> => {
        if ((await organisations.get(request.organisationId)) === null) return refuse('not_found');
        return work(checked.value, now);
      };
      return writes.run(operatorActor(request.operator), write, conflicts);
    },
  };
}
