import { Bolo } from '../../domain/bolo/bolo.ts';
import type { BoloScope, BoloSeverity } from '../../domain/bolo/bolo-terms.ts';
import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { BoloId, CivilianId, DepartmentId, VehicleId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { audited } from '../audit/audited-writes.ts';
import { credentialActor } from '../bridge/bridge-actor.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { nextRecordNumber } from '../records/record-numbering.ts';
import { ownRecord } from './api-access.ts';
import type { BoloAt } from './bolo-at.ts';

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
    private readonly ports: Pick<Ports, 'bolos' | 'departments' | 'civilians' | 'vehicles' | 'recordNumbers' | 'ids' | 'writes'>,
  ) {}

  execute(input: CreateBoloInput): Promise<Outcome<BoloAt, CreateBoloRefusal>> {
    const { grant } = input;
    if (input.subjectCivilianId === undefined && input.subjectVehicleId === undefined) return Promise.resolve(refuse('no_subject'));
    return this.ports.writes.run(credentialActor(grant), async (now) => {
      if (input.expiresAt !== undefined && input.expiresAt.getTime() <= now.getTime()) return refuse('expiry_passed');
      if (ownRecord(grant, await this.ports.departments.get(input.issuingDepartmentId)) === null) return refuse('unknown_department');
      if (input.subjectCivilianId !== undefined && ownRecord(grant, await this.ports.civilians.get(input.subjectCivilianId)) === null) {
        return refuse('unknown_civilian');
      }
      if (input.subjectVehicleId !== undefined && ownRecord(grant, await this.ports.vehicles.get(input.subjectVehicleId)) === null) {
        return refuse('unknown_vehicle');
      }
      const number = await nextRecordNumber(this.ports.recordNumbers, grant.organisationId, 'bolo', now);
      const issued = Bolo.issue(
        {
          id: this.ports.ids.next<BoloId>(),
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
      await this.ports.bolos.save(issued.value);
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
