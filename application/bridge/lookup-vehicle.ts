import type { GameGrant } from '../../domain/credential/access-grant.ts';
import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import { Plate } from '../../domain/records/plate.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';

/** The bridge lookup shape of a vehicle (section 2). */
export interface VehicleLookup {
  readonly plate: string;
  readonly make: string | null;
  readonly model: string | null;
  readonly color: string | null;
  readonly registrationStatus: string;
  readonly ownerCivilianId: string | null;
  readonly ownerDisplayName: string | null;
}

/** `/lookup/vehicle`: an on-duty officer runs a plate; case and spaces do not matter. */
export class LookupVehicle {
  constructor(private readonly ports: Pick<Ports, 'gate' | 'vehicles' | 'civilians'>) {}

  async execute(input: {
    grant: GameGrant;
    identifiers: PlayerIdentifiers;
    plate: string;
  }): Promise<Outcome<VehicleLookup, GateRefusal | 'no_match'>> {
    const officer = await this.ports.gate.onDuty(input.grant, input.identifiers);
    if (!officer.ok) return officer;
    const plate = Plate.parse(input.plate);
    if (!plate.ok) return refuse('no_match');
    const vehicle = await this.ports.vehicles.findByPlate(input.grant.organisationId, plate.value.key);
    if (vehicle === null) return refuse('no_match');
    const v = vehicle.snapshot();
    const owner = v.ownerCivilianId === null ? null : await this.ports.civilians.get(v.ownerCivilianId);
    return accept({
      plate: v.plate,
      make: v.make,
      model: v.model,
      color: v.color,
      registrationStatus: v.registrationStatus,
      ownerCivilianId: v.ownerCivilianId,
      ownerDisplayName: owner?.displayName ?? null,
    });
  }
}
