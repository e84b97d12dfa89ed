import type { Vehicle } from '../../domain/records/vehicle.ts';
import type { Warrant, WarrantStatus } from '../../domain/records/warrant.ts';
import type { CivilianId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { type Page, keysetPage } from '../api/keyset-pagination.ts';
import type { CursorCodec } from '../ports/cursor-codec.ts';
import type { OrganisationRepository } from '../ports/organisation-repositories.ts';
import type { KeysetPage } from '../ports/records-repositories.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { readInOrganisation } from './operator-access.ts';
import { OPERATOR_PAGE_LIMITS, type OrganisationPageInput, type OrganisationPageRefusal } from './organisation-pages.ts';

/** The words of a search, lower case, or none for a blank one. */
export function searchTerms(q: string | undefined): readonly string[] | undefined {
  const terms = q?.trim().toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  return terms.length === 0 ? undefined : terms;
}

/**
 * A page of one list of an organisation's records for an operator keeping them (`records.manage`),
 * oldest first, under the sealed cursors of decision 0024: a cursor is good only for the list and
 * the filters it was handed out with.
 */
async function recordPage<Row extends { readonly id: string }>(
  ports: { readonly organisations: OrganisationRepository; readonly cursors: CursorCodec },
  input: OrganisationPageInput,
  list: string,
  filters: Readonly<Record<string, string | undefined>>,
  fetch: (page: KeysetPage) => Promise<Row[]>,
): Promise<Outcome<Page<Row>, OrganisationPageRefusal>> {
  const { operator, organisationId } = input;
  const read = await readInOrganisation(ports.organisations, operator, 'records.manage', organisationId, () =>
    keysetPage(
      ports.cursors,
      { list, organisationId, filters, cursor: input.cursor, limit: Math.min(input.limit, OPERATOR_PAGE_LIMITS.max) },
      fetch,
    ),
  );
  return read.ok ? read.value : read;
}

/** The organisation's registered vehicles; `q` keeps those with every word of it in the plate, make, model or colour. */
export class ListVehicleRecords {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'vehicles' | 'cursors'>) {}

  execute(input: OrganisationPageInput & { readonly q?: string }): Promise<Outcome<Page<Vehicle>, OrganisationPageRefusal>> {
    const { organisationId } = input;
    const terms = searchTerms(input.q);
    return recordPage(this.ports, input, 'operator.vehicles', { q: terms?.join(' ') }, (page) =>
      this.ports.vehicles.search({ organisationId, terms }, page),
    );
  }
}

/** The organisation's warrants, by status and wanted civilian. */
export class ListWarrantRecords {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'warrants' | 'cursors'>) {}

  execute(
    input: OrganisationPageInput & { readonly status?: WarrantStatus; readonly civilianId?: CivilianId },
  ): Promise<Outcome<Page<Warrant>, OrganisationPageRefusal>> {
    const { organisationId, status, civilianId } = input;
    return recordPage(this.ports, input, 'operator.warrants', { status, civilianId }, (page) =>
      this.ports.warrants.search({ organisationId, status, civilianId }, page),
    );
  }
}
