import type { Credential } from '../../domain/credential/credential.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { type AuditedWrites, audited, unchanged } from '../audit/audited-writes.ts';
import type { CredentialRepository } from '../ports/credential-repositories.ts';
import type { CredentialRequest } from './credential-request.ts';
import { type AccessRefusal, operatorActor, withinReach } from './operator-access.ts';

/** Stops new token exchanges for the credential; tokens already issued live out their 12 minutes. */
export class RevokeCredential {
  constructor(
    private readonly credentials: CredentialRepository,
    private readonly writes: AuditedWrites,
  ) {}

  execute(input: CredentialRequest): Promise<Outcome<Credential, AccessRefusal>> {
    return this.writes.run(operatorActor(input.operator), async (now) => {
      const reached = withinReach(input.operator, 'integrations.credential.manage', await this.credentials.getForUpdate(input.clientId));
      if (!reached.ok) return reached;
      const credential = reached.value;
      if (credential.isRevoked) return unchanged(credential);
      credential.revoke(now);
      await this.credentials.save(credential);
      return audited(credential, auditNote(credential.organisationId, 'credential.revoked', { type: 'credential', id: credential.id }));
    });
  }
}
