import type { Civilian } from '../../domain/records/civilian.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { type Page, keysetPage } from '../api/keyset-pagination.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { readInOrganisation } from './operator-access.ts';
import { OPERATOR_PAGE_LIMITS, type OrganisationPageInput, type OrganisationPageRefusal } from './organisation-pages.ts';

/**
 * The organisation's civilian records for an operator keeping them (`records.manage`), oldest
 * first, a page at a time; `q` keeps those with every word of it in the first or last name.
 */
export class ListCivilianRecords {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'civilians' | 'cursors'>) {}

  async execute(input: OrganisationPageInput & { readonly q?: string }): Promise<Outcome<Page<Civilian>, OrganisationPageRefusal>> {
    const { operator, organisationId } = input;
    const terms = input.q?.trim().toLowerCase().split(/\s+/).filter(Boolean) ?? [];
    const nameTerms = terms.length === 0 ? undefined : terms;
    const read = await readInOrganisation(this.ports.organisations, operator, 'records.manage', organisationId, () =>
      keysetPage(
        this.ports.cursors,
        {
          list: 'operator.civilians',
          organisationId,
          filters: { q: nameTerms?.join(' ') },
          cursor: input.cursor,
          limit: Math.min(input.limit, OPERATOR_PAGE_LIMITS.max),
        },
        (page) => this.ports.civilians.search({ organisationId, nameTerms }, page),
      ),
    );
    return read.ok ? read.value : read;
  }
}
