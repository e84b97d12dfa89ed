import { type NumberedRecord, formatRecordNumber } from '../../domain/records/record-number.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import type { RecordNumbers } from '../ports/record-numbers.ts';

/**
 * The next number of a record kind in the organisation, e.g. `C-26-000123`: issued at once, so
 * concurrent writers of one organisation never queue for it (decision 0146). Numbers are unique
 * and increasing in the order they are issued; a write that fails after taking one leaves a gap.
 */
export async function nextRecordNumber(numbers: RecordNumbers, organisationId: OrganisationId, kind: NumberedRecord, now: Date) {
  const year = now.getUTCFullYear();
  return formatRecordNumber(kind, year, await numbers.issue(organisationId, `${kind}:${year}`));
}
