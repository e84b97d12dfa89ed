import type { Operator } from '../../domain/operator/operator.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { Organisation } from '../../domain/organisation/organisation.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { type Page, keysetPage } from '../api/keyset-pagination.ts';
import { OPERATOR_PAGE_LIMITS } from './organisation-pages.ts';

/** No organisation binds the bootstrap key's cursors: they are bound to this stand-in instead. */
const EVERY_ORGANISATION = '00000000-0000-0000-0000-000000000000' as OrganisationId;

/** Every organisation, oldest first, a page at a time: the bootstrap key's list to choose from. */
export class ListOrganisations {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'cursors'>) {}

  execute(input: {
    operator: Operator;
    cursor?: string;
    limit: number;
  }): Promise<Outcome<Page<Organisation>, 'forbidden' | 'invalid_cursor'>> {
    if (!input.operator.isBootstrap) return Promise.resolve(refuse('forbidden'));
    const request = { cursor: input.cursor, limit: Math.min(input.limit, OPERATOR_PAGE_LIMITS.max) };
    return keysetPage(
      this.ports.cursors,
      { list: 'operator.organisations', organisationId: EVERY_ORGANISATION, filters: {}, ...request },
      (page) => this.ports.organisations.page(page),
    );
  }
}
