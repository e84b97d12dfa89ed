import type { Warrant, WarrantStatus } from '../../domain/records/warrant.ts';
import type { CivilianId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { type Page, keysetPage } from './keyset-pagination.ts';
import { type Paging, RECORD_PAGE_LIMITS, paging } from './record-paging.ts';

/** `GET /records/warrants`: by civilian and status. */
export class SearchWarrants {
  constructor(private readonly ports: Pick<Ports, 'warrants' | 'cursors'>) {}

  execute(input: Paging & { civilianId?: CivilianId; status?: WarrantStatus }): Promise<Outcome<Page<Warrant>, 'invalid_cursor'>> {
    const organisationId = input.grant.organisationId;
    const filters = { civilianId: input.civilianId, status: input.status };
    return keysetPage(
      this.ports.cursors,
      { list: 'records.warrants', organisationId, filters, ...paging(input, RECORD_PAGE_LIMITS.warrants.max) },
      (page) => this.ports.warrants.search({ organisationId, ...filters }, page),
    );
  }
}
