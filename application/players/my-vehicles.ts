import type { PersonOperator } from '../../domain/people/person-operator.ts';
import { Plate } from '../../domain/records/plate.ts';
import { Vehicle } from '../../domain/records/vehicle.ts';
import type { Character } from '../../domain/roster/character.ts';
import type { CharacterId, OrganisationId, VehicleId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited, unchanged } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { ownCharacter, personActor } from './own-records.ts';

export interface MyVehicle {
  readonly vehicle: Vehicle;
  readonly owner: Character;
}

type VehiclePorts = Pick<Ports, 'characters' | 'civilians' | 'vehicles'>;

/** A character of the person's that may own a vehicle: their own, with a record, not retired. */
async function ownKeeper(ports: VehiclePorts, person: PersonOperator, characterId: CharacterId): Promise<Character | null> {
  const character = await ownCharacter(ports.characters, person, characterId);
  return character === null || character.recordId === null || character.status === 'retired' ? null : character;
}

/** A vehicle whose owner's record is one of the person's own characters, with that character. */
async function ownVehicle(ports: VehiclePorts, person: PersonOperator, vehicleId: VehicleId, lock = false): Promise<MyVehicle | null> {
  const found = await ports.vehicles.get(vehicleId);
  if (found === null || found.ownerCivilianId === null) return null;
  const vehicle = lock ? await ports.vehicles.findByPlateForUpdate(found.organisationId, found.plate.key) : found;
  const record = vehicle?.ownerCivilianId ? await ports.civilians.get(vehicle.ownerCivilianId) : null;
  if (vehicle === null || record === null || record.claimedBy === null) return null;
  const owner = await ownCharacter(ports.characters, person, record.claimedBy);
  return owner !== null && owner.recordId === record.id ? { vehicle, owner } : null;
}

/** `/account/`'s vehicles in one organisation: those registered to the person's own characters. */
export class ReadMyVehicles {
  constructor(private readonly ports: Pick<Ports, 'characters' | 'vehicles'>) {}

  async execute(input: { person: PersonOperator; organisationId: OrganisationId }): Promise<Outcome<MyVehicle[], 'not_found'>> {
    const { person, organisationId } = input;
    if (!person.reaches(organisationId)) return refuse('not_found');
    const mine: MyVehicle[] = [];
    for (const owner of await this.ports.characters.ownedBy(organisationId, person.personId)) {
      if (owner.recordId === null) continue;
      const page = { after: null, limit: 100 };
      for (const vehicle of await this.ports.vehicles.search({ organisationId, ownerCivilianId: owner.recordId }, page))
        mine.push({ vehicle, owner });
    }
    return accept(mine);
  }
}

export interface RegisterMyVehicleInput {
  readonly person: PersonOperator;
  readonly organisationId: OrganisationId;
  readonly ownerCharacterId: CharacterId;
  readonly plate: string;
  readonly make?: string | null;
  readonly model?: string | null;
  readonly color?: string | null;
}

/** A player registers a vehicle to one of their own characters, in the records the bridge's lookups and the MDT read. */
export class RegisterMyVehicle {
  constructor(private readonly ports: Pick<Ports, 'characters' | 'civilians' | 'vehicles' | 'ids' | 'writes'>) {}

  async execute(
    input: RegisterMyVehicleInput,
  ): Promise<Outcome<MyVehicle, 'not_found' | 'unknown_character' | 'invalid_plate' | 'plate_taken'>> {
    const { person, organisationId } = input;
    if (!person.reaches(organisationId)) return refuse('not_found');
    const plate = Plate.parse(input.plate);
    if (!plate.ok) return plate;
    const register = async (now: Date) => {
      const owner = await ownKeeper(this.ports, person, input.ownerCharacterId);
      if (owner === null || owner.organisationId !== organisationId) return refuse('unknown_character');
      if ((await this.ports.vehicles.findByPlate(organisationId, plate.value.key)) !== null) return refuse('plate_taken');
      const details = { make: input.make, model: input.model, color: input.color };
      const registration = { organisationId, plate: plate.value, details, ownerCivilianId: owner.recordId };
      const vehicle = Vehicle.register({ ...registration, id: this.ports.ids.next<VehicleId>() }, now);
      await this.ports.vehicles.save(vehicle);
      const subject = { type: 'vehicle', id: vehicle.id };
      return audited(
        { vehicle, owner },
        auditNote(organisationId, 'vehicle.registered', subject, { plate: vehicle.snapshot().plate, owner: owner.id }),
      );
    };
    // A concurrent registration of the same plate that commits first makes this one `plate_taken`.
    return this.ports.writes.run(personActor(person), register, { vehicle_plate: 'plate_taken' });
  }
}

/** A player moves a vehicle of one of their characters to another of their characters. */
export class TransferMyVehicle {
  constructor(private readonly ports: Pick<Ports, 'characters' | 'civilians' | 'vehicles' | 'writes'>) {}

  execute(input: { person: PersonOperator; vehicleId: VehicleId; characterId: CharacterId }) {
    return this.ports.writes.run(personActor(input.person), async () => {
      const mine = await ownVehicle(this.ports, input.person, input.vehicleId, true);
      if (mine === null) return refuse('not_found');
      const to = await ownKeeper(this.ports, input.person, input.characterId);
      if (to === null || to.organisationId !== mine.vehicle.organisationId) return refuse('unknown_character');
      if (to.id === mine.owner.id) return unchanged({ vehicle: mine.vehicle, owner: to });
      mine.vehicle.transferTo(to.recordId!);
      await this.ports.vehicles.save(mine.vehicle);
      const subject = { type: 'vehicle', id: mine.vehicle.id };
      const note = auditNote(mine.vehicle.organisationId, 'vehicle.transferred', subject, { from: mine.owner.id, to: to.id });
      return audited({ vehicle: mine.vehicle, owner: to }, note);
    });
  }
}

/** The owner reports their vehicle stolen (lookups then read `STOLEN`), or found again. */
export class ReportMyVehicleStolen {
  constructor(private readonly ports: Pick<Ports, 'characters' | 'civilians' | 'vehicles' | 'writes'>) {}

  execute(input: { person: PersonOperator; vehicleId: VehicleId; stolen: boolean }) {
    return this.ports.writes.run(personActor(input.person), async () => {
      const mine = await ownVehicle(this.ports, input.person, input.vehicleId, true);
      if (mine === null) return refuse('not_found');
      if (!mine.vehicle.reportStolen(input.stolen)) return unchanged(mine);
      await this.ports.vehicles.save(mine.vehicle);
      const subject = { type: 'vehicle', id: mine.vehicle.id };
      const action = input.stolen ? 'vehicle.reported_stolen' : 'vehicle.reported_recovered';
      return audited(mine, auditNote(mine.vehicle.organisationId, action, subject, { plate: mine.vehicle.snapshot().plate }));
    });
  }
}
