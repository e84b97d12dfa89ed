import type { Civilian } from '../../domain/records/civilian.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { type Page, keysetPage } from './keyset-pagination.ts';
import { type Paging, RECORD_PAGE_LIMITS, paging } from './record-paging.ts';

/** `GET /records/civilians`: `q` is a name search, every word of it in the first or last name. */
export class SearchCivilians {
  constructor(private readonly ports: Pick<Ports, 'civilians' | 'cursors'>) {}

  execute(input: Paging & { q?: string; licenseStatus?: string }): Promise<Outcome<Page<Civilian>, 'invalid_cursor'>> {
    const organisationId = input.grant.organisationId;
    const terms = input.q?.trim().toLowerCase().split(/\s+/).filter(Boolean) ?? [];
    const nameTerms = terms.length === 0 ? undefined : terms;
    return keysetPage(
      this.ports.cursors,
      {
        list: 'records.civilians',
        organisationId,
        filters: { q: nameTerms?.join(' '), licenseStatus: input.licenseStatus },
        ...paging(input, RECORD_PAGE_LIMITS.civilians.max),
      },
      (page) => this.ports.civilians.search({ organisationId, nameTerms, licenseStatus: input.licenseStatus }, page),
    );
  }
}
