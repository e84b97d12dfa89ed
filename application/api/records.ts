import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { Civilian } from '../../domain/records/civilian.ts';
import { Plate } from '../../domain/records/plate.ts';
import type { Vehicle } from '../../domain/records/vehicle.ts';
import type { Warrant, WarrantStatus } from '../../domain/records/warrant.ts';
import type { CivilianId, VehicleId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { CursorCodec } from '../ports/cursor-codec.ts';
import type { CivilianRepository, VehicleRepository, WarrantRepository } from '../ports/records-repositories.ts';
import { ownRecord } from './api-access.ts';
import { type Page, keysetPage } from './keyset-pagination.ts';

/** Page sizes of the cursor-paginated lists (section 8): default and maximum. */
export const RECORD_PAGE_LIMITS = {
  vehicles: { default: 100, max: 100 },
  civilians: { default: 100, max: 100 },
  warrants: { default: 50, max: 200 },
} as const;

interface Paging {
  readonly grant: AccessGrant;
  readonly cursor?: string;
  readonly limit: number;
}

/** `GET /records/vehicles/:vehicleId`. */
export class ReadVehicle {
  constructor(private readonly vehicles: VehicleRepository) {}

  async execute(input: { grant: AccessGrant; vehicleId: VehicleId }): Promise<Outcome<Vehicle, 'not_found'>> {
    const vehicle = ownRecord(input.grant, await this.vehicles.get(input.vehicleId));
    return vehicle === null ? refuse('not_found') : accept(vehicle);
  }
}

/** `GET /records/vehicles`: by plate (case and spaces ignored) and registered owner. */
export class SearchVehicles {
  constructor(
    private readonly vehicles: VehicleRepository,
    private readonly cursors: CursorCodec,
  ) {}

  execute(input: Paging & { plate?: string; ownerCivilianId?: CivilianId }): Promise<Outcome<Page<Vehicle>, 'invalid_cursor'>> {
    const organisationId = input.grant.organisationId;
    const plateKey = input.plate === undefined ? undefined : Plate.keyOf(input.plate);
    return keysetPage(
      this.cursors,
      {
        list: 'records.vehicles',
        organisationId,
        filters: { plateKey, ownerCivilianId: input.ownerCivilianId },
        ...paging(input, RECORD_PAGE_LIMITS.vehicles.max),
      },
      (page) => this.vehicles.search({ organisationId, plateKey, ownerCivilianId: input.ownerCivilianId }, page),
    );
  }
}

/** `GET /records/civilians`: `q` is a name search, every word of it in the first or last name. */
export class SearchCivilians {
  constructor(
    private readonly civilians: CivilianRepository,
    private readonly cursors: CursorCodec,
  ) {}

  execute(input: Paging & { q?: string; licenseStatus?: string }): Promise<Outcome<Page<Civilian>, 'invalid_cursor'>> {
    const organisationId = input.grant.organisationId;
    const terms = input.q?.trim().toLowerCase().split(/\s+/).filter(Boolean) ?? [];
    const nameTerms = terms.length === 0 ? undefined : terms;
    return keysetPage(
      this.cursors,
      {
        list: 'records.civilians',
        organisationId,
        filters: { q: nameTerms?.join(' '), licenseStatus: input.licenseStatus },
        ...paging(input, RECORD_PAGE_LIMITS.civilians.max),
      },
      (page) => this.civilians.search({ organisationId, nameTerms, licenseStatus: input.licenseStatus }, page),
    );
  }
}

/** `GET /records/warrants`: by civilian and status. */
export class SearchWarrants {
  constructor(
    private readonly warrants: WarrantRepository,
    private readonly cursors: CursorCodec,
  ) {}

  execute(input: Paging & { civilianId?: CivilianId; status?: WarrantStatus }): Promise<Outcome<Page<Warrant>, 'invalid_cursor'>> {
    const organisationId = input.grant.organisationId;
    const filters = { civilianId: input.civilianId, status: input.status };
    return keysetPage(
      this.cursors,
      { list: 'records.warrants', organisationId, filters, ...paging(input, RECORD_PAGE_LIMITS.warrants.max) },
      (page) => this.warrants.search({ organisationId, ...filters }, page),
    );
  }
}

function paging(input: Paging, max: number) {
  return { cursor: input.cursor, limit: Math.min(input.limit, max) };
}
