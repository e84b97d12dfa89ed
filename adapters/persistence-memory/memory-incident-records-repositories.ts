import type { ArrestRepository, CitationRepository } from '../../application/ports/incident-records-repositories.ts';
import type { Arrest } from '../../domain/records/arrest.ts';
import type { Citation } from '../../domain/records/citation.ts';
import type { ArrestId, CitationId } from '../../domain/shared/ids.ts';
import type { MemoryDatabase } from './memory-database.ts';
import { SnapshotTable } from './snapshot-table.ts';

export class MemoryCitationRepository implements CitationRepository {
  private readonly rows: SnapshotTable<Citation, Citation>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'citations', (c) => c, [{ name: 'citation_number', key: (c) => `${c.organisationId}/${c.number}` }]);
  }

  get(id: CitationId) {
    return this.rows.get(id);
  }

  add(citation: Citation) {
    return this.rows.save(citation);
  }
}

export class MemoryArrestRepository implements ArrestRepository {
  private readonly rows: SnapshotTable<Arrest, Arrest>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'arrests', (a) => a, [{ name: 'arrest_number', key: (a) => `${a.organisationId}/${a.number}` }]);
  }

  get(id: ArrestId) {
    return this.rows.get(id);
  }

  add(arrest: Arrest) {
    return this.rows.save(arrest);
  }
}
