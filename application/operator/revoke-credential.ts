import type { Credential } from '../../domain/credential/credential.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited, unchanged } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { CredentialRequest } from './credential-request.ts';
import type { AccessRefusal } from './operator-access.ts';
import { writeWithinReach } from './operator-write.ts';

/** Stops new token exchanges for the credential; tokens already issued live out their 12 minutes. */
export class RevokeCredential {
  constructor(private readonly ports: Pick<Ports, 'credentials' | 'writes'>) {}

  execute(input: CredentialRequest): Promise<Outcome<Credential, AccessRefusal>> {
    const load = () => this.ports.credentials.getForUpdate(input.clientId);
    return writeWithinReach(this.ports.writes, input.operator, 'integrations.credential.manage', load, async (credential, now) => {
      if (credential.isRevoked) return unchanged(credential);
      credential.revoke(now);
      await this.ports.credentials.save(credential);
      return audited(credential, auditNote(credential.organisationId, 'credential.revoked', { type: 'credential', id: credential.id }));
    });
  }
}
