import type { AuditEntryId, CharacterId, OrganisationId } from '../shared/ids.ts';

/** Who did it: an integration credential (by its label), an operator key, a signed-in person (by their display name), or the service itself. */
export interface AuditActor {
  readonly kind: 'credential' | 'operator' | 'person' | 'system';
  readonly id: string;
  readonly label: string;
}

/** One write, recorded in the same transaction as the write itself. */
export interface AuditEntry {
  readonly id: AuditEntryId;
  /** Null for platform-wide actions of the bootstrap key (publishing a release, say). */
  readonly organisationId: OrganisationId | null;
  readonly at: Date;
  readonly actor: AuditActor;
  /** The player a bridge credential acted for, when there was one. */
  readonly playerCharacterId: CharacterId | null;
  /** What happened, as `<thing>.<verb>`, e.g. `credential.created`. */
  readonly action: string;
  readonly subject: { readonly type: string; readonly id: string } | null;
  /** Facts worth keeping; never a secret. */
  readonly details: Readonly<Record<string, unknown>>;
}
