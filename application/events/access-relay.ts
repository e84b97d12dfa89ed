import type { AuditNote } from '../audit/audited-writes.ts';
import type { AccessGrounds, AccessWatch } from '../ports/access-watch.ts';

/**
 * The committed writes, by their audit action, after which a live channel must be judged again:
 * a key or credential revoked or rotated, a person's role or account changed or their sessions
 * renewed, a role's set of permissions changed, an MDT session signed out. Null for every other write.
 */
export function accessGroundsOf(note: AuditNote): AccessGrounds | null {
  const id = note.subject?.id;
  if (id === undefined) return null;
  switch (note.action) {
    case 'operator_key.revoked':
      return { kind: 'operator_key', id };
    case 'credential.revoked':
    case 'credential.rotated':
      return { kind: 'credential', id };
    case 'person.changed':
    case 'person.joined':
      return { kind: 'person', id };
    case 'mdt_session.signed_out':
      return { kind: 'mdt_session', id };
    // A character's game link ended: the MDT sessions opened for it end with it.
    case 'identity.unlinked':
    case 'character.retired':
      return { kind: 'character', id };
    case 'role.changed':
      return note.organisationId === null ? null : { kind: 'organisation', id: note.organisationId };
    default:
      return null;
  }
}

/**
 * The access watch the application tells, connected to transports as they start (the service
 * connects its Socket.IO gateway). With none connected, nothing is judged again but by the
 * channels' own periodic checks.
 */
export class AccessRelay implements AccessWatch {
  private readonly targets = new Set<AccessWatch>();

  /** Returns the disconnect function. */
  connect(target: AccessWatch): () => void {
    this.targets.add(target);
    return () => this.targets.delete(target);
  }

  changed(grounds: AccessGrounds): void {
    for (const target of this.targets) target.changed(grounds);
  }
}
