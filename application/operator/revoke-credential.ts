import type { Credential } from '../../domain/credential/credential.ts';
import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { CredentialId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { type AuditedWrites, audited, unchanged } from '../audit/audited-writes.ts';
import type { CredentialRepository } from '../ports/credential-repositories.ts';
import { type AccessRefusal, authorise, operatorActor } from './operator-access.ts';

/** Stops new token exchanges for the credential; tokens already issued live out their 12 minutes. */
export class RevokeCredential {
  constructor(
    private readonly credentials: CredentialRepository,
    private readonly writes: AuditedWrites,
  ) {}

  async execute(input: { operator: OperatorKey; clientId: CredentialId }): Promise<Outcome<Credential, AccessRefusal>> {
    return this.writes.run(operatorActor(input.operator), async (now) => {
      const credential = await this.credentials.getForUpdate(input.clientId);
      if (credential === null) return refuse('not_found');
      const access = authorise(input.operator, 'integrations.credential.manage', credential.organisationId);
      if (!access.ok) return access;
      if (credential.isRevoked) return unchanged(credential);
      credential.revoke(now);
      await this.credentials.save(credential);
      return audited(credential, {
        organisationId: credential.organisationId,
        action: 'credential.revoked',
        subject: { type: 'credential', id: credential.id },
      });
    });
  }
}
