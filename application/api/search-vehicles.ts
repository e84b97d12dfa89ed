import { Plate } from '../../domain/records/plate.ts';
import type { Vehicle } from '../../domain/records/vehicle.ts';
import type { CivilianId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { type Page, keysetPage } from './keyset-pagination.ts';
import { type Paging, RECORD_PAGE_LIMITS, paging } from './record-paging.ts';

/** `GET /records/vehicles`: by plate (case and spaces ignored) and registered owner. */
export class SearchVehicles {
  constructor(private readonly ports: Pick<Ports, 'vehicles' | 'cursors'>) {}

  execute(input: Paging & { plate?: string; ownerCivilianId?: CivilianId }): Promise<Outcome<Page<Vehicle>, 'invalid_cursor'>> {
    const organisationId = input.grant.organisationId;
    const plateKey = input.plate === undefined ? undefined : Plate.keyOf(input.plate);
    return keysetPage(
      this.ports.cursors,
      {
        list: 'records.vehicles',
        organisationId,
        filters: { plateKey, ownerCivilianId: input.ownerCivilianId },
        ...paging(input, RECORD_PAGE_LIMITS.vehicles.max),
      },
      (page) => this.ports.vehicles.search({ organisationId, plateKey, ownerCivilianId: input.ownerCivilianId }, page),
    );
  }
}
