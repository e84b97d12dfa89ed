import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { CredentialId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { type AuditedWrites, audited } from '../audit/audited-writes.ts';
import type { CredentialRepository } from '../ports/credential-repositories.ts';
import type { SecretGenerator } from '../ports/secret-generator.ts';
import type { SecretHasher } from '../ports/secret-hasher.ts';
import { CLIENT_SECRET_PREFIX } from './create-credential.ts';
import { type AccessRefusal, authorise, operatorActor } from './operator-access.ts';

/** A new secret, shown once, replaces the old one at once; a revoked credential stays revoked. */
export class RotateCredentialSecret {
  constructor(
    private readonly credentials: CredentialRepository,
    private readonly hasher: SecretHasher,
    private readonly secrets: SecretGenerator,
    private readonly writes: AuditedWrites,
  ) {}

  async execute(input: {
    operator: OperatorKey;
    clientId: CredentialId;
  }): Promise<Outcome<{ clientSecret: string }, AccessRefusal | 'credential_revoked'>> {
    return this.writes.run(operatorActor(input.operator), async (now) => {
      const credential = await this.credentials.getForUpdate(input.clientId);
      if (credential === null) return refuse('not_found');
      const access = authorise(input.operator, 'integrations.credential.manage', credential.organisationId);
      if (!access.ok) return access;
      if (credential.isRevoked) return refuse('credential_revoked');
      const clientSecret = this.secrets.secret(CLIENT_SECRET_PREFIX);
      credential.rotate(this.hasher.hash(clientSecret), now);
      await this.credentials.save(credential);
      return audited(
        { clientSecret },
        {
          organisationId: credential.organisationId,
          action: 'credential.rotated',
          subject: { type: 'credential', id: credential.id },
        },
      );
    });
  }
}
