import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { OperatorKeyId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { type AuditedWrites, audited, unchanged } from '../audit/audited-writes.ts';
import type { OperatorKeyRepository } from '../ports/credential-repositories.ts';
import { type AccessRefusal, authorise, operatorActor } from './operator-access.ts';

/**
 * Stops an organisation's operator key at once. A key may revoke only keys no stronger than itself
 * (itself included), so a leaked weak key cannot lock out the organisation's admins. The bootstrap
 * key is replaced instead, never revoked.
 */
export class RevokeOperatorKey {
  constructor(
    private readonly keys: OperatorKeyRepository,
    private readonly writes: AuditedWrites,
  ) {}

  async execute(input: { operator: OperatorKey; operatorKeyId: OperatorKeyId }): Promise<Outcome<OperatorKey, AccessRefusal>> {
    return this.writes.run(operatorActor(input.operator), async (now) => {
      const key = await this.keys.getForUpdate(input.operatorKeyId);
      if (key === null || key.organisationId === null) return refuse('not_found');
      const access = authorise(input.operator, 'organisation.settings.manage', key.organisationId);
      if (!access.ok) return access;
      if (!input.operator.covers(key)) return refuse('forbidden');
      if (key.isRevoked) return unchanged(key);
      const revoked = key.revoke(now);
      if (!revoked.ok) return refuse('not_found');
      await this.keys.save(key);
      return audited(key, {
        organisationId: key.organisationId,
        action: 'operator_key.revoked',
        subject: { type: 'operator_key', id: key.id },
        details: { label: key.label },
      });
    });
  }
}
