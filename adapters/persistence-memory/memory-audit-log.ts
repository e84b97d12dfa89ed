import type { AuditLog, AuditQuery } from '../../application/ports/audit-log.ts';
import type { AuditEntry } from '../../domain/audit/audit-entry.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import type { MemoryDatabase } from './memory-database.ts';
import { SnapshotTable, byText } from './snapshot-table.ts';

export class MemoryAuditLog implements AuditLog {
  private readonly rows: SnapshotTable<AuditEntry, AuditEntry>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'audit_entries', (e) => e);
  }

  append(entry: AuditEntry) {
    return this.rows.save(entry);
  }

  list(organisationId: OrganisationId, query: AuditQuery) {
    const { before, action, credentialId, via } = query;
    return this.rows.filter(
      (e) =>
        e.organisationId === organisationId &&
        (before === undefined || e.id < before) &&
        (action === undefined || e.action === action) &&
        (credentialId === undefined || isAbout(e, credentialId)) &&
        (via === undefined || e.details['via'] === via),
      (a, b) => byText(b.id, a.id),
      query.limit,
    );
  }
}

/** The credential acted (as the actor) or was acted on (as the subject). */
function isAbout(entry: AuditEntry, credentialId: string): boolean {
  return (
    (entry.actor.kind === 'credential' && entry.actor.id === credentialId) ||
    (entry.subject?.type === 'credential' && entry.subject.id === credentialId)
  );
}
