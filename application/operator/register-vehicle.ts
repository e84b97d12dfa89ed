import type { Operator } from '../../domain/operator/operator.ts';
import { Plate } from '../../domain/records/plate.ts';
import { Vehicle, type VehicleDetails } from '../../domain/records/vehicle.ts';
import type { CivilianId, OrganisationId, VehicleId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { AccessRefusal } from './operator-access.ts';
import { inOrganisation } from './organisation-writes.ts';

export interface RegisterVehicleInput extends Partial<VehicleDetails> {
  readonly operator: Operator;
  readonly organisationId: OrganisationId;
  readonly plate: string;
  readonly ownerCivilianId?: CivilianId | null;
  readonly registrationStatus?: string;
}

export type RegisterVehicleRefusal = AccessRefusal | 'invalid_plate' | 'plate_taken' | 'unknown_civilian';

export class RegisterVehicle {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'civilians' | 'vehicles' | 'ids' | 'writes'>) {}

  execute(input: RegisterVehicleInput): Promise<Outcome<Vehicle, RegisterVehicleRefusal>> {
    const register = async (plate: Plate, now: Date) => {
      const { organisationId, ownerCivilianId } = input;
      if (ownerCivilianId) {
        const owner = await this.ports.civilians.get(ownerCivilianId);
        if (owner?.snapshot().organisationId !== organisationId) return refuse('unknown_civilian');
      }
      if ((await this.ports.vehicles.findByPlate(organisationId, plate.key)) !== null) return refuse('plate_taken');
      const details = { make: input.make, model: input.model, color: input.color };
      const registration = {
        organisationId,
        plate,
        details,
        registrationStatus: input.registrationStatus,
        ownerCivilianId: ownerCivilianId ?? null,
      };
      const vehicle = Vehicle.register({ ...registration, id: this.ports.ids.next<VehicleId>() }, now);
      await this.ports.vehicles.save(vehicle);
      return audited(
        vehicle,
        auditNote(organisationId, 'vehicle.registered', { type: 'vehicle', id: vehicle.id }, { plate: vehicle.snapshot().plate }),
      );
    };
    // A concurrent registration of the same plate that commits first makes this one `plate_taken`.
    return inOrganisation(this.ports.organisations, this.ports.writes).write(
      input,
      'records.manage',
      () => Plate.parse(input.plate),
      register,
      {
        vehicle_plate: 'plate_taken',
      },
    );
  }
}
