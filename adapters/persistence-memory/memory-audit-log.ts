import type { AuditLog } from '../../application/ports/audit-log.ts';
import type { AuditEntry } from '../../domain/audit/audit-entry.ts';
import type { AuditEntryId, OrganisationId } from '../../domain/shared/ids.ts';
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

  list(organisationId: OrganisationId, options: { limit: number; before?: AuditEntryId }) {
    const { before } = options;
    return this.rows.filter(
      (e) => e.organisationId === organisationId && (before === undefined || e.id < before),
      (a, b) => byText(b.id, a.id),
      options.limit,
    );
  }
}
