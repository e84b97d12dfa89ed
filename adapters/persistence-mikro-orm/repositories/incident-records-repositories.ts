import type { ArrestRepository, CitationRepository } from '../../../application/ports/incident-records-repositories.ts';
import type { Arrest } from '../../../domain/records/arrest.ts';
import type { Citation } from '../../../domain/records/citation.ts';
import type { ArrestId, CitationId } from '../../../domain/shared/ids.ts';
import { MappedTable } from '../mapped-table.ts';
import { arrestFromRecord, arrestToRecord, citationFromRecord, citationToRecord } from '../mappers/records-mappers.ts';
import type { OrmSession } from '../orm-session.ts';
import { ArrestRecord, CitationRecord } from '../records/incident-records.ts';

export class MikroOrmCitationRepository implements CitationRepository {
  private readonly rows: MappedTable<CitationRecord, Citation>;

  constructor(session: OrmSession) {
    this.rows = new MappedTable(session, CitationRecord, citationFromRecord);
  }

  get = (id: CitationId) => this.rows.one({ id });
  add = (citation: Citation) => this.rows.insert(citationToRecord(citation));
}

export class MikroOrmArrestRepository implements ArrestRepository {
  private readonly rows: MappedTable<ArrestRecord, Arrest>;

  constructor(session: OrmSession) {
    this.rows = new MappedTable(session, ArrestRecord, arrestFromRecord);
  }

  get = (id: ArrestId) => this.rows.one({ id });
  add = (arrest: Arrest) => this.rows.insert(arrestToRecord(arrest));
}
