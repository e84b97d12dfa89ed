import type { Operator } from '../../domain/operator/operator.ts';
import type { OperatorPermission } from '../../domain/operator/operator-key.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import type { Audited, AuditedWrites } from '../audit/audited-writes.ts';
import { type AccessRefusal, operatorActor, withinReach } from './operator-access.ts';

/**
 * An operator's write on one record it named by id, in one unit of work: the record is loaded,
 * must be within the key's reach under the permission (`withinReach`: else `not_found` or
 * `forbidden`), and is then changed; the change returns what it audits.
 */
export function writeWithinReach<Owned extends { readonly organisationId: OrganisationId | null }, Result, Reason extends string>(
  writes: AuditedWrites,
  operator: Operator,
  permission: OperatorPermission,
  load: () => Promise<Owned | null>,
  change: (record: Owned, now: Date) => Promise<Outcome<Audited<Result>, Reason>>,
  conflicts: Readonly<Record<string, Reason>> = {},
): Promise<Outcome<Result, Reason | AccessRefusal>> {
  return writes.run<Result, Reason | AccessRefusal>(
    operatorActor(operator),
    async (now) => {
      const reached = withinReach(operator, permission, await load());
      return reached.ok ? change(reached.value, now) : reached;
    },
    conflicts,
  );
}
