import type { Arrest } from '../../domain/records/arrest.ts';
import type { Citation } from '../../domain/records/citation.ts';
import type { ArrestId, CitationId } from '../../domain/shared/ids.ts';

export interface CitationRepository {
  get(id: CitationId): Promise<Citation | null>;
  /** Throws `UniqueConstraintViolation('citation_number')` for a number taken in the organisation. */
  add(citation: Citation): Promise<void>;
}

export interface ArrestRepository {
  get(id: ArrestId): Promise<Arrest | null>;
  /** Throws `UniqueConstraintViolation('arrest_number')` for a number taken in the organisation. */
  add(arrest: Arrest): Promise<void>;
}
