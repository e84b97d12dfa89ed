import { Plate } from '../../domain/records/plate.ts';
import { Vehicle, type VehicleDetails } from '../../domain/records/vehicle.ts';
import type { VehicleId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { audited } from '../audit/audited-writes.ts';
import { UniqueConstraintViolation } from '../ports/persistence-errors.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { credentialActor } from './bridge-actor.ts';
import { type PlayerRequest, playerNote } from './player-writes.ts';

export interface SyncVehicleInput extends PlayerRequest {
  readonly vehicle: { readonly plate: string } & Partial<VehicleDetails>;
}

export interface SyncedVehicle {
  readonly vehicleId: VehicleId;
  readonly created: boolean;
}

/**
 * `/vehicle`: registers a vehicle by exact plate, or finds the one registered. An existing
 * vehicle's make, model and colour are never overwritten; only details never known are filled in.
 */
export class SyncVehicle {
  constructor(private readonly ports: Pick<Ports, 'vehicles' | 'gate' | 'ids' | 'writes'>) {}

  async execute(input: SyncVehicleInput): Promise<Outcome<SyncedVehicle, 'invalid_plate'>> {
    const plate = Plate.parse(input.vehicle.plate);
    if (!plate.ok) return plate;
    try {
      return await this.sync(input, plate.value);
    } catch (error) {
      // A concurrent first sync of the same plate registered it a moment ago: now it is found.
      if (error instanceof UniqueConstraintViolation) return this.sync(input, plate.value);
      throw error;
    }
  }

  private sync(input: SyncVehicleInput, plate: Plate): Promise<Outcome<SyncedVehicle, never>> {
    const { grant } = input;
    return this.ports.writes.run(credentialActor(grant), async (now) => {
      const player = (await this.ports.gate.player(grant, input.identifiers))?.characterId ?? null;
      // Filling in details is a read-modify-write: the read holds the vehicle until the write ends.
      const existing = await this.ports.vehicles.findByPlateForUpdate(grant.organisationId, plate.key);
      const vehicle =
        existing ??
        Vehicle.register(
          { id: this.ports.ids.next<VehicleId>(), organisationId: grant.organisationId, plate, details: input.vehicle },
          now,
        );
      const changed = existing === null || existing.fillMissingDetails(input.vehicle);
      if (changed) await this.ports.vehicles.save(vehicle);
      // No player resolved: the identifiers sent are kept instead, to tell who it was.
      const details = { plate: vehicle.snapshot().plate, ...(player === null ? { identifiers: input.identifiers.entries } : {}) };
      const action = existing === null ? 'vehicle.registered' : 'vehicle.synced';
      return audited(
        { vehicleId: vehicle.id, created: existing === null },
        playerNote(grant, player, action, { type: 'vehicle', id: vehicle.id }, details),
      );
    });
  }
}
