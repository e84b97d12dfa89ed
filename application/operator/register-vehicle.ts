import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import { Plate } from '../../domain/records/plate.ts';
import { Vehicle, type VehicleDetails } from '../../domain/records/vehicle.ts';
import type { CivilianId, OrganisationId, VehicleId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { type AuditedWrites, audited } from '../audit/audited-writes.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { OrganisationRepository } from '../ports/organisation-repositories.ts';
import type { CivilianRepository, VehicleRepository } from '../ports/records-repositories.ts';
import { type AccessRefusal, authorise, operatorActor } from './operator-access.ts';

export interface RegisterVehicleInput extends Partial<VehicleDetails> {
  readonly operator: OperatorKey;
  readonly organisationId: OrganisationId;
  readonly plate: string;
  readonly ownerCivilianId?: CivilianId | null;
  readonly registrationStatus?: string;
}

export type RegisterVehicleRefusal = AccessRefusal | 'invalid_plate' | 'plate_taken' | 'unknown_civilian';

export class RegisterVehicle {
  constructor(
    private readonly organisations: OrganisationRepository,
    private readonly civilians: CivilianRepository,
    private readonly vehicles: VehicleRepository,
    private readonly ids: IdGenerator,
    private readonly writes: AuditedWrites,
  ) {}

  async execute(input: RegisterVehicleInput): Promise<Outcome<Vehicle, RegisterVehicleRefusal>> {
    const access = authorise(input.operator, 'records.manage', input.organisationId);
    if (!access.ok) return access;
    const plate = Plate.parse(input.plate);
    if (!plate.ok) return plate;
    return this.writes.run(
      operatorActor(input.operator),
      async (now) => {
        if ((await this.organisations.get(input.organisationId)) === null) return refuse('not_found');
        if (input.ownerCivilianId) {
          const owner = await this.civilians.get(input.ownerCivilianId);
          if (owner?.snapshot().organisationId !== input.organisationId) return refuse('unknown_civilian');
        }
        if ((await this.vehicles.findByPlate(input.organisationId, plate.value.key)) !== null) return refuse('plate_taken');
        const vehicle = Vehicle.register(
          {
            id: this.ids.next<VehicleId>(),
            organisationId: input.organisationId,
            plate: plate.value,
            details: { make: input.make, model: input.model, color: input.color },
            registrationStatus: input.registrationStatus,
            ownerCivilianId: input.ownerCivilianId ?? null,
          },
          now,
        );
        await this.vehicles.save(vehicle);
        return audited(vehicle, {
          organisationId: input.organisationId,
          action: 'vehicle.registered',
          subject: { type: 'vehicle', id: vehicle.id },
          details: { plate: vehicle.snapshot().plate },
        });
      },
      { vehicle_plate: 'plate_taken' },
    );
  }
}
