import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { Vehicle } from '../../domain/records/vehicle.ts';
import type { VehicleId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { ownRecord } from './api-access.ts';

/** `GET /records/vehicles/:vehicleId`. */
export class ReadVehicle {
  constructor(private readonly ports: Pick<Ports, 'vehicles'>) {}

  async execute(input: { grant: AccessGrant; vehicleId: VehicleId }): Promise<Outcome<Vehicle, 'not_found'>> {
    const vehicle = ownRecord(input.grant, await this.ports.vehicles.get(input.vehicleId));
    return vehicle === null ? refuse('not_found') : accept(vehicle);
  }
}
