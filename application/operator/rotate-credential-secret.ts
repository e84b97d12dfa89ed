import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { type AuditedWrites, audited } from '../audit/audited-writes.ts';
import type { CredentialRepository } from '../ports/credential-repositories.ts';
import type { SecretGenerator } from '../ports/secret-generator.ts';
import type { SecretHasher } from '../ports/secret-hasher.ts';
import { CLIENT_SECRET_PREFIX } from './create-credential.ts';
import type { CredentialRequest } from './credential-request.ts';
import { type AccessRefusal, operatorActor, withinReach } from './operator-access.ts';

/** A new secret, shown once, replaces the old one at once; a revoked credential stays revoked. */
export class RotateCredentialSecret {
  constructor(
    private readonly credentials: CredentialRepository,
    private readonly hasher: SecretHasher,
    private readonly secrets: SecretGenerator,
    private readonly writes: AuditedWrites,
  ) {}

  execute(input: CredentialRequest): Promise<Outcome<{ clientSecret: string }, AccessRefusal | 'credential_revoked'>> {
    return this.writes.run(operatorActor(input.operator), async (now) => {
      const reached = withinReach(input.operator, 'integrations.credential.manage', await this.credentials.getForUpdate(input.clientId));
      if (!reached.ok) return reached;
      const credential = reached.value;
      if (credential.isRevoked) return refuse('credential_revoked');
      const clientSecret = this.secrets.secret(CLIENT_SECRET_PREFIX);
      credential.rotate(this.hasher.hash(clientSecret), now);
      await this.credentials.save(credential);
      return audited(
        { clientSecret },
        auditNote(credential.organisationId, 'credential.rotated', { type: 'credential', id: credential.id }),
      );
    });
  }
}
