import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { CLIENT_SECRET_PREFIX } from './create-credential.ts';
import type { CredentialRequest } from './credential-request.ts';
import type { AccessRefusal } from './operator-access.ts';
import { writeWithinReach } from './operator-write.ts';

/** A new secret, shown once, replaces the old one at once; a revoked credential stays revoked. */
export class RotateCredentialSecret {
  constructor(private readonly ports: Pick<Ports, 'credentials' | 'hasher' | 'secrets' | 'writes'>) {}

  execute(input: CredentialRequest): Promise<Outcome<{ clientSecret: string }, AccessRefusal | 'credential_revoked'>> {
    const load = () => this.ports.credentials.getForUpdate(input.clientId);
    return writeWithinReach(this.ports.writes, input.operator, 'integrations.credential.manage', load, async (credential, now) => {
      if (credential.isRevoked) return refuse('credential_revoked');
      const clientSecret = this.ports.secrets.secret(CLIENT_SECRET_PREFIX);
      credential.rotate(this.ports.hasher.hash(clientSecret), now);
      await this.ports.credentials.save(credential);
      return audited(
        { clientSecret },
        auditNote(credential.organisationId, 'credential.rotated', { type: 'credential', id: credential.id }),
      );
    });
  }
}
