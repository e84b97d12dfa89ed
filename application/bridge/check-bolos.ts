import type { Bolo } from '../../domain/bolo/bolo.ts';
import type { GameGrant } from '../../domain/credential/access-grant.ts';
import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import { Plate } from '../../domain/records/plate.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { CivilianId, VehicleId } from '../../domain/shared/ids.ts';
import { type Outcome, accept } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';

export const MAX_BOLO_MATCHES = 10;
/** Same-named civilians whose BOLOs are searched. */
const NAME_WINDOW = 50;

export interface CheckBolosInput {
  readonly grant: GameGrant;
  readonly identifiers: PlayerIdentifiers;
  /** A plate, a full name, or both. */
  readonly plate?: string;
  readonly name?: { readonly firstName: string; readonly lastName: string };
}

/**
 * `/bolo-check`: active BOLOs about a plate or a person that the officer's department may see
 * (its own, and every `COMMUNITY` one), newest first, at most ten, without internal notes.
 */
export class CheckBolos {
  constructor(private readonly ports: Pick<Ports, 'gate' | 'bolos' | 'vehicles' | 'civilians' | 'clock'>) {}

  async execute(input: CheckBolosInput): Promise<Outcome<Bolo[], GateRefusal>> {
    const officer = await this.ports.gate.onDuty(input.grant, input.identifiers);
    if (!officer.ok) return officer;
    const organisationId = input.grant.organisationId;
    const vehicleIds: VehicleId[] = [];
    const civilianIds: CivilianId[] = [];
    if (input.plate !== undefined) {
      const plate = Plate.parse(input.plate);
      const vehicle = plate.ok ? await this.ports.vehicles.findByPlate(organisationId, plate.value.key) : null;
      if (vehicle !== null) vehicleIds.push(vehicle.id);
    }
    if (input.name !== undefined) {
      const named = await this.ports.civilians.findByName(organisationId, input.name.firstName, input.name.lastName, NAME_WINDOW);
      civilianIds.push(...named.map((c) => c.id));
    }
    if (vehicleIds.length === 0 && civilianIds.length === 0) return accept([]);
    const found = await this.ports.bolos.findActiveAbout({
      organisationId,
      vehicleIds,
      civilianIds,
      department: officer.value.departmentId,
      now: this.ports.clock.now(),
      limit: MAX_BOLO_MATCHES,
    });
    return accept(found);
  }
}
