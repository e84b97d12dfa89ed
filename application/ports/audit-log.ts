import type { AuditEntry } from '../../domain/audit/audit-entry.ts';
import type { AuditEntryId, OrganisationId } from '../../domain/shared/ids.ts';

/** Which entries of an organisation's log to read, newest first. */
export interface AuditQuery {
  readonly limit: number;
  /** Continues after the entry with that id (ids are time-ordered). */
  readonly before?: AuditEntryId;
  /** Exactly this action, e.g. `credential.created`. */
  readonly action?: string;
  /** Entries where this credential acted or was acted on. */
  readonly credentialId?: string;
  /** Entries whose details say they were made this way (`details.via`), e.g. a link `trusted_identity`. */
  readonly via?: string;
}

export interface AuditLog {
  append(entry: AuditEntry): Promise<void>;
  list(organisationId: OrganisationId, query: AuditQuery): Promise<AuditEntry[]>;
}
