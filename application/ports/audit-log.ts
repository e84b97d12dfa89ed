import type { AuditEntry } from '../../domain/audit/audit-entry.ts';
import type { AuditEntryId, OrganisationId } from '../../domain/shared/ids.ts';

export interface AuditLog {
  append(entry: AuditEntry): Promise<void>;
  /** Newest first; `before` continues after the entry with that id (ids are time-ordered). */
  list(organisationId: OrganisationId, options: { limit: number; before?: AuditEntryId }): Promise<AuditEntry[]>;
}
