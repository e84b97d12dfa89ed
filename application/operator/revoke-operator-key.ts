import type { Operator } from '../../domain/operator/operator.ts';
import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { OperatorKeyId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited, unchanged } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { type AccessRefusal, manageableKey, operatorActor } from './operator-access.ts';

/**
 * Stops an organisation's operator key at once. A key may revoke only keys no stronger than itself
 * (itself included), so a leaked weak key cannot lock out the organisation's admins. The bootstrap
 * key is replaced instead, never revoked.
 */
export class RevokeOperatorKey {
  constructor(private readonly ports: Pick<Ports, 'operatorKeys' | 'writes'>) {}

  async execute(input: { operator: Operator; operatorKeyId: OperatorKeyId }): Promise<Outcome<OperatorKey, AccessRefusal>> {
    return this.ports.writes.run(operatorActor(input.operator), async (now) => {
      const managed = manageableKey(input.operator, await this.ports.operatorKeys.getForUpdate(input.operatorKeyId));
      if (!managed.ok) return managed;
      const key = managed.value;
      if (key.isRevoked) return unchanged(key);
      const revoked = key.revoke(now);
      if (!revoked.ok) return refuse('not_found');
      await this.ports.operatorKeys.save(key);
      return audited(
        key,
        auditNote(key.organisationId, 'operator_key.revoked', { type: 'operator_key', id: key.id }, { label: key.label }),
      );
    });
  }
}
