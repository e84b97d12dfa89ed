import type { AuditActor } from '../../domain/audit/audit-entry.ts';
import type { AccessGrant } from '../../domain/credential/access-grant.ts';

/** Integration writes are attributed to the credential itself, shown by its label. */
export function credentialActor(grant: AccessGrant): AuditActor {
  return { kind: 'credential', id: grant.credentialId, label: grant.label };
}
