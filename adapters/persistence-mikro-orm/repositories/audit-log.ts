import type { AuditLog, AuditQuery } from '../../../application/ports/audit-log.ts';
import type { AuditEntry } from '../../../domain/audit/audit-entry.ts';
import type { OrganisationId } from '../../../domain/shared/ids.ts';
import { MappedTable } from '../mapped-table.ts';
import { auditEntryFromRecord, auditEntryToRecord } from '../mappers/records-mappers.ts';
import type { OrmSession } from '../orm-session.ts';
import { AuditEntryRecord } from '../records/audit-records.ts';

export class MikroOrmAuditLog implements AuditLog {
  private readonly rows: MappedTable<AuditEntryRecord, AuditEntry>;

  constructor(session: OrmSession) {
    this.rows = new MappedTable(session, AuditEntryRecord, auditEntryFromRecord);
  }

  append = (entry: AuditEntry) => this.rows.insert(auditEntryToRecord(entry));

  list = (organisationId: OrganisationId, { limit, before, action, credentialId, via }: AuditQuery) =>
    this.rows.many(
      {
        organisationId,
        ...(before === undefined ? {} : { id: { $lt: before } }),
        ...(action === undefined ? {} : { action }),
        ...(via === undefined ? {} : { details: { via } }),
        ...(credentialId === undefined
          ? {}
          : {
              $or: [
                { actorKind: 'credential', actorId: credentialId },
                { subjectType: 'credential', subjectId: credentialId },
              ],
            }),
      },
      { orderBy: { id: 'desc' }, limit },
    );
}
