import type { GameGrant } from '../../domain/credential/access-grant.ts';
import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import type { Civilian } from '../../domain/records/civilian.ts';
import { Plate } from '../../domain/records/plate.ts';
import type { Vehicle } from '../../domain/records/vehicle.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
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
    const plate = Plate.parse(input.plate);
    if (!plate.ok) return refuse('no_match');
    const vehicle = await this.ports.vehicles.findByPlate(input.grant.organisationId, plate.value.key);
    if (vehicle === null) return refuse('no_match');
    const { ownerCivilianId } = vehicle.snapshot();
    const owner = ownerCivilianId === null ? null : await this.ports.civilians.get(ownerCivilianId);
    return accept({ vehicle, owner });
  }
}
