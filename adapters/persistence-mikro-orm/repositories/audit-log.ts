import type { AuditLog } from '../../../application/ports/audit-log.ts';
import type { AuditEntry } from '../../../domain/audit/audit-entry.ts';
import type { AuditEntryId, OrganisationId } from '../../../domain/shared/ids.ts';
import { auditEntryFromRecord, auditEntryToRecord } from '../mappers/records-mappers.ts';
import type { OrmSession } from '../orm-session.ts';
import { AuditEntryRecord } from '../records/records-records.ts';

export class MikroOrmAuditLog implements AuditLog {
  constructor(private readonly session: OrmSession) {}

  async append(entry: AuditEntry) {
    await this.session.write((em) => em.insert(AuditEntryRecord, auditEntryToRecord(entry)));
  }

  async list(organisationId: OrganisationId, options: { limit: number; before?: AuditEntryId }) {
    const records = await this.session.em().find(
      AuditEntryRecord,
      { organisationId, ...(options.before === undefined ? {} : { id: { $lt: options.before } }) },
      { orderBy: { id: 'desc' }, limit: options.limit },
    );
    return records.map(auditEntryFromRecord);
  }
}
