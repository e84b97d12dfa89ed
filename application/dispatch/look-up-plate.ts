import type { Operator } from '../../domain/operator/operator.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import { type VehicleFound, vehicleByPlate } from '../bridge/lookup-vehicle.ts';
import { type AccessRefusal, readInOrganisation } from '../operator/operator-access.ts';
import type { Ports } from '../ports/port-catalogue.ts';

/**
 * A dispatcher runs a plate from the board: the same records and the same reading as an
 * officer's `/lookup/vehicle` (case and spaces ignored, with the registered owner), for whoever
 * may watch the board (`dispatch.view`, which `dispatch.manage` grants). Null when no vehicle has it.
 */
export class LookUpPlateForDispatch {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'vehicles' | 'civilians'>) {}

  async execute(input: {
    operator: Operator;
    organisationId: OrganisationId;
    plate: string;
  }): Promise<Outcome<VehicleFound | null, AccessRefusal | 'invalid_plate'>> {
    const { operator, organisationId } = input;
    const read = await readInOrganisation(this.ports.organisations, operator, 'dispatch.view', organisationId, () =>
      vehicleByPlate(this.ports, organisationId, input.plate),
    );
    if (!read.ok) return read;
    return read.value === 'invalid_plate' ? refuse('invalid_plate') : accept(read.value);
  }
}
