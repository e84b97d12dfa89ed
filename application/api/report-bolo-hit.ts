import type { HitRefusal } from '../../domain/bolo/bolo.ts';
import type { BoloHit, Sighting } from '../../domain/bolo/bolo-hit.ts';
import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { BoloHitId, BoloId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { audited } from '../audit/audited-writes.ts';
import { auditNote } from '../audit/audit-note.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { BoloAt } from './bolo-at.ts';
import { writeOwnRecord } from './own-record-write.ts';

/**
 * `POST /records/bolos/:boloId/hits`: a camera read the plate of a wanted vehicle. Accepted only
 * for an active, vehicle-linked BOLO whose vehicle carries that plate; the BOLO becomes
 * `HIT_REPORTED`. A rejected hit writes nothing.
 */
export class ReportBoloHit {
  constructor(private readonly ports: Pick<Ports, 'bolos' | 'vehicles' | 'ids' | 'writes'>) {}

  execute(input: {
    grant: AccessGrant;
    boloId: BoloId;
    sighting: Sighting;
  }): Promise<Outcome<{ hit: BoloHit } & BoloAt, 'not_found' | HitRefusal>> {
    const { grant } = input;
    const load = () => this.ports.bolos.getForUpdate(input.boloId);
    return writeOwnRecord(this.ports.writes, grant, load, async (bolo, now) => {
      const vehicleId = bolo.subjectVehicleId;
      const vehicle = vehicleId === null ? null : await this.ports.vehicles.get(vehicleId);
      const hit = bolo.reportHit(
        input.sighting,
        vehicle?.plate ?? null,
        { id: this.ports.ids.next<BoloHitId>(), reportedBy: grant.credentialId },
        now,
      );
      if (!hit.ok) return hit;
      await this.ports.bolos.addHit(hit.value);
      await this.ports.bolos.save(bolo);
      const details = {
        boloNumber: bolo.snapshot().number,
        hitId: hit.value.id,
        cameraId: input.sighting.cameraId,
        plate: input.sighting.plate,
      };
      return audited(
        { hit: hit.value, bolo, now },
        auditNote(grant.organisationId, 'bolo.hit_reported', { type: 'bolo', id: bolo.id }, details),
      );
    });
  }
}
