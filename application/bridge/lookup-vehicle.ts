import type { GameGrant } from '../../domain/credential/access-grant.ts';
import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import type { Civilian } from '../../domain/records/civilian.ts';
import { Plate } from '../../domain/records/plate.ts';
import type { Vehicle } from '../../domain/records/vehicle.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';

/** A vehicle found by its plate, with its registered owner when it has one. */
export interface VehicleFound {
  readonly vehicle: Vehicle;
  readonly owner: Civilian | null;
}

/** `/lookup/vehicle`: an on-duty officer runs a plate; case and spaces do not matter. */
export class LookupVehicle {
  constructor(private readonly ports: Pick<Ports, 'gate' | 'vehicles' | 'civilians'>) {}

  async execute(input: {
    grant: GameGrant;
    identifiers: PlayerIdentifiers;
    plate: string;
  }): Promise<Outcome<VehicleFound, GateRefusal | 'no_match'>> {
    const officer = await this.ports.gate.onDuty(input.grant, input.identifiers);
    if (!officer.ok) return officer;
    const found = await vehicleByPlate(this.ports, input.grant.organisationId, input.plate);
    return found === null || found === 'invalid_plate' ? refuse('no_match') : accept(found);
  }
}

/** The organisation's vehicle with this plate (case and spaces ignored) and its owner; null when none, or the plate's refusal. */
export async function vehicleByPlate(
  ports: Pick<Ports, 'vehicles' | 'civilians'>,
  organisationId: OrganisationId,
  text: string,
): Promise<VehicleFound | null | 'invalid_plate'> {
  const plate = Plate.parse(text);
  if (!plate.ok) return 'invalid_plate';
  const vehicle = await ports.vehicles.findByPlate(organisationId, plate.value.key);
  if (vehicle === null) return null;
  const { ownerCivilianId } = vehicle.snapshot();
  const owner = ownerCivilianId === null ? null : await ports.civilians.get(ownerCivilianId);
  return { vehicle, owner };
}
