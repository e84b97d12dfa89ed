import { type NumberedRecord, formatRecordNumber } from '../../domain/records/record-number.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import type { RecordNumbers } from '../ports/record-numbers.ts';

/**
 * The next number of a record kind in the organisation, e.g. `C-26-000123`. Call it inside the
 * unit of work that stores the record: the series stays held until it commits, so numbers are
 * unique and in commit order even under concurrent writers.
 */
export async function nextRecordNumber(numbers: RecordNumbers, organisationId: OrganisationId, kind: NumberedRecord, now: Date) {
  const year = now.getUTCFullYear();
  return formatRecordNumber(kind, year, await numbers.next(organisationId, `${kind}:${year}`));
}
