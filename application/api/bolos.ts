import { Bolo, type HitRefusal } from '../../domain/bolo/bolo.ts';
import type { BoloHit, Sighting } from '../../domain/bolo/bolo-hit.ts';
import type { BoloScope, BoloSeverity, BoloStatus } from '../../domain/bolo/bolo-terms.ts';
import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { BoloHitId, BoloId, CivilianId, DepartmentId, VehicleId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import { type AuditedWrites, audited, unchanged } from '../audit/audited-writes.ts';
import { credentialActor } from '../bridge/bridge-actor.ts';
import type { BoloRepository } from '../ports/bolo-repository.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { DepartmentRepository } from '../ports/organisation-repositories.ts';
import type { RecordNumbers } from '../ports/record-numbers.ts';
import type { CivilianRepository, VehicleRepository } from '../ports/records-repositories.ts';
import { nextRecordNumber } from '../records/record-numbering.ts';
import { ownRecord } from './api-access.ts';

export const MAX_BOLO_LIST = 500;

/** A BOLO and the moment it was read at: its status is read at that moment (expiry). */
export interface BoloAt {
  readonly bolo: Bolo;
  readonly now: Date;
}

/** `GET /records/bolos`: newest first; without `status`, the active BOLOs. */
export class ListBolos {
  constructor(
    private readonly bolos: BoloRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { grant: AccessGrant; status?: BoloStatus; issuingDepartmentId?: DepartmentId; limit: number }) {
    const now = this.clock.now();
    const bolos = await this.bolos.list({
      organisationId: input.grant.organisationId,
      status: input.status ?? 'active',
      issuingDepartmentId: input.issuingDepartmentId,
      now,
      limit: Math.min(input.limit, MAX_BOLO_LIST),
    });
    return { bolos, now };
  }
}

/** `GET /records/bolos/:boloId`. */
export class ReadBolo {
  constructor(
    private readonly bolos: BoloRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { grant: AccessGrant; boloId: BoloId }): Promise<Outcome<BoloAt, 'not_found'>> {
    const bolo = ownRecord(input.grant, await this.bolos.get(input.boloId));
    return bolo === null ? refuse('not_found') : accept({ bolo, now: this.clock.now() });
  }
}

export interface CreateBoloInput {
  readonly grant: AccessGrant;
  readonly subjectCivilianId?: CivilianId;
  readonly subjectVehicleId?: VehicleId;
  readonly issuingDepartmentId: DepartmentId;
  readonly severity: BoloSeverity;
  readonly scope: BoloScope;
  readonly subjectDescription: string;
  readonly reason: string;
  readonly narrative?: string;
  readonly internalNotes?: string;
  readonly expiresAt?: Date;
}

export type CreateBoloRefusal = 'no_subject' | 'unknown_department' | 'unknown_civilian' | 'unknown_vehicle' | 'expiry_passed';

/**
 * `POST /records/bolos`: an external system issues a BOLO about records that exist in its own
 * organisation, in the name of one of its departments. The credential is the issuer.
 */
export class CreateBolo {
  constructor(
    private readonly bolos: BoloRepository,
    private readonly departments: DepartmentRepository,
    private readonly civilians: CivilianRepository,
    private readonly vehicles: VehicleRepository,
    private readonly numbers: RecordNumbers,
    private readonly ids: IdGenerator,
    private readonly writes: AuditedWrites,
  ) {}

  execute(input: CreateBoloInput): Promise<Outcome<BoloAt, CreateBoloRefusal>> {
    const { grant } = input;
    if (input.subjectCivilianId === undefined && input.subjectVehicleId === undefined) return Promise.resolve(refuse('no_subject'));
    return this.writes.run(credentialActor(grant), async (now) => {
      if (input.expiresAt !== undefined && input.expiresAt.getTime() <= now.getTime()) return refuse('expiry_passed');
      if (ownRecord(grant, await this.departments.get(input.issuingDepartmentId)) === null) return refuse('unknown_department');
      if (input.subjectCivilianId !== undefined && ownRecord(grant, await this.civilians.get(input.subjectCivilianId)) === null) {
        return refuse('unknown_civilian');
      }
      if (input.subjectVehicleId !== undefined && ownRecord(grant, await this.vehicles.get(input.subjectVehicleId)) === null) {
        return refuse('unknown_vehicle');
      }
      const number = await nextRecordNumber(this.numbers, grant.organisationId, 'bolo', now);
      const issued = Bolo.issue(
        {
          id: this.ids.next<BoloId>(),
          organisationId: grant.organisationId,
          number,
          issuingDepartmentId: input.issuingDepartmentId,
          subjectCivilianId: input.subjectCivilianId ?? null,
          subjectVehicleId: input.subjectVehicleId ?? null,
          severity: input.severity,
          scope: input.scope,
          subjectDescription: input.subjectDescription,
          reason: input.reason,
          narrative: input.narrative ?? null,
          internalNotes: input.internalNotes ?? null,
          expiresAt: input.expiresAt ?? null,
          issuedBy: { kind: 'credential', credentialId: grant.credentialId },
        },
        now,
      );
      if (!issued.ok) return issued;
      await this.bolos.save(issued.value);
      return audited(
        { bolo: issued.value, now },
        {
          organisationId: grant.organisationId,
          action: 'bolo.issued',
          subject: { type: 'bolo', id: issued.value.id },
          details: { boloNumber: number, severity: input.severity, scope: input.scope, issuingDepartmentId: input.issuingDepartmentId },
        },
      );
    });
  }
}

/** `PATCH /records/bolos/:boloId/status`: any of the six statuses, no per-status rules. */
export class SetBoloStatus {
  constructor(
    private readonly bolos: BoloRepository,
    private readonly writes: AuditedWrites,
  ) {}

  execute(input: { grant: AccessGrant; boloId: BoloId; status: BoloStatus }): Promise<Outcome<BoloAt, 'not_found'>> {
    const { grant } = input;
    return this.writes.run(credentialActor(grant), async (now) => {
      const bolo = ownRecord(grant, await this.bolos.getForUpdate(input.boloId));
      if (bolo === null) return refuse('not_found');
      const from = bolo.snapshot().status;
      if (from === input.status) return unchanged({ bolo, now });
      bolo.overrideStatus(input.status, now);
      await this.bolos.save(bolo);
      return audited(
        { bolo, now },
        {
          organisationId: grant.organisationId,
          action: 'bolo.status_changed',
          subject: { type: 'bolo', id: bolo.id },
          details: { boloNumber: bolo.snapshot().number, from, to: input.status },
        },
      );
    });
  }
}

/**
 * `POST /records/bolos/:boloId/hits`: a camera read the plate of a wanted vehicle. Accepted only
 * for an active, vehicle-linked BOLO whose vehicle carries that plate; the BOLO becomes
 * `HIT_REPORTED`. A rejected hit writes nothing.
 */
export class ReportBoloHit {
  constructor(
    private readonly bolos: BoloRepository,
    private readonly vehicles: VehicleRepository,
    private readonly ids: IdGenerator,
    private readonly writes: AuditedWrites,
  ) {}

  execute(input: {
    grant: AccessGrant;
    boloId: BoloId;
    sighting: Sighting;
  }): Promise<Outcome<{ hit: BoloHit } & BoloAt, 'not_found' | HitRefusal>> {
    const { grant } = input;
    return this.writes.run(credentialActor(grant), async (now) => {
      const bolo = ownRecord(grant, await this.bolos.getForUpdate(input.boloId));
      if (bolo === null) return refuse('not_found');
      const vehicleId = bolo.subjectVehicleId;
      const vehicle = vehicleId === null ? null : await this.vehicles.get(vehicleId);
      const hit = bolo.reportHit(
        input.sighting,
        vehicle?.plate ?? null,
        { id: this.ids.next<BoloHitId>(), reportedBy: grant.credentialId },
        now,
      );
      if (!hit.ok) return hit;
      await this.bolos.addHit(hit.value);
      await this.bolos.save(bolo);
      return audited(
        { hit: hit.value, bolo, now },
        {
          organisationId: grant.organisationId,
          action: 'bolo.hit_reported',
          subject: { type: 'bolo', id: bolo.id },
          details: {
            boloNumber: bolo.snapshot().number,
            hitId: hit.value.id,
            cameraId: input.sighting.cameraId,
            plate: input.sighting.plate,
          },
        },
      );
    });
  }
}

/** `GET /records/bolos/:boloId/hits`: the camera sightings, newest first. */
export class ListBoloHits {
  constructor(private readonly bolos: BoloRepository) {}

  async execute(input: { grant: AccessGrant; boloId: BoloId }): Promise<Outcome<BoloHit[], 'not_found'>> {
    const bolo = ownRecord(input.grant, await this.bolos.get(input.boloId));
    return bolo === null ? refuse('not_found') : accept(await this.bolos.listHits(bolo.id));
  }
}
