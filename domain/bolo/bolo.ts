import type { Plate } from '../records/plate.ts';
import type { BoloHitId, BoloId, CharacterId, CivilianId, CredentialId, DepartmentId, OrganisationId, VehicleId } from '../shared/ids.ts';
import { EventRecorder } from '../shared/event-recorder.ts';
import { type Outcome, accept, refuse } from '../shared/outcome.ts';
import type { BoloEvent } from './bolo-events.ts';
import type { BoloHit, Sighting } from './bolo-hit.ts';
import { type BoloScope, type BoloSeverity, type BoloStatus, isActiveBoloStatus } from './bolo-terms.ts';

/** Who issued a BOLO: an on-duty player's character, or an API credential. */
export type BoloIssuer =
  { readonly kind: 'character'; readonly characterId: CharacterId } | { readonly kind: 'credential'; readonly credentialId: CredentialId };

export interface BoloState {
  readonly id: BoloId;
  readonly organisationId: OrganisationId;
  readonly number: string;
  readonly issuingDepartmentId: DepartmentId;
  readonly subjectCivilianId: CivilianId | null;
  readonly subjectVehicleId: VehicleId | null;
  readonly severity: BoloSeverity;
  readonly scope: BoloScope;
  readonly subjectDescription: string;
  readonly reason: string;
  readonly narrative: string | null;
  readonly internalNotes: string | null;
  readonly expiresAt: Date | null;
  readonly issuedBy: BoloIssuer;
  /** As last set; read it through `statusAt(now)`, which accounts for expiry. */
  readonly status: BoloStatus;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export type HitRefusal = 'bolo_has_no_vehicle' | 'bolo_not_active' | 'plate_mismatch';

/**
 * Be-on-the-lookout notice for a person, a vehicle or both. Its status machine follows section 3
 * of the contract: the issuing department resolves it, a camera hit on its vehicle marks it, and a
 * records manager may override its status with any of the six.
 */
export class Bolo {
  readonly events = new EventRecorder<BoloEvent>();

  private constructor(private state: BoloState) {}

  static issue(input: Omit<BoloState, 'status' | 'createdAt' | 'updatedAt'>, now: Date): Outcome<Bolo, 'no_subject'> {
    if (input.subjectCivilianId === null && input.subjectVehicleId === null) return refuse('no_subject');
    return accept(new Bolo({ ...input, status: 'ISSUED', createdAt: now, updatedAt: now }));
  }

  static restore(state: BoloState): Bolo {
    return new Bolo(state);
  }

  get id(): BoloId {
    return this.state.id;
  }
  get organisationId(): OrganisationId {
    return this.state.organisationId;
  }
  get issuingDepartmentId(): DepartmentId {
    return this.state.issuingDepartmentId;
  }
  get subjectVehicleId(): VehicleId | null {
    return this.state.subjectVehicleId;
  }

  /** A BOLO still being looked for whose `expiresAt` has passed reads as `EXPIRED`. */
  statusAt(now: Date): BoloStatus {
    const { status, expiresAt } = this.state;
    if (isActiveBoloStatus(status) && expiresAt !== null && expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
    return status;
  }

  isActiveAt(now: Date): boolean {
    return isActiveBoloStatus(this.statusAt(now));
  }

  /** Only the issuing department resolves; resolving a resolved BOLO succeeds again. */
  resolve(byDepartment: DepartmentId, now: Date): Outcome<'RESOLVED', 'wrong_department'> {
    if (byDepartment !== this.state.issuingDepartmentId) return refuse('wrong_department');
    this.changeStatus('RESOLVED', now);
    return accept('RESOLVED');
  }

  /**
   * A camera saw the BOLO's vehicle: accepted only for an active, vehicle-linked BOLO whose
   * vehicle carries the plate the camera read.
   */
  reportHit(
    sighting: Sighting,
    vehiclePlate: Plate | null,
    hit: { id: BoloHitId; reportedBy: CredentialId },
    now: Date,
  ): Outcome<BoloHit, HitRefusal> {
    if (this.state.subjectVehicleId === null || vehiclePlate === null) return refuse('bolo_has_no_vehicle');
    if (!this.isActiveAt(now)) return refuse('bolo_not_active');
    if (!vehiclePlate.matches(sighting.plate)) return refuse('plate_mismatch');
    this.touch(now);
    this.changeStatus('HIT_REPORTED', now);
    return accept({
      ...sighting,
      id: hit.id,
      boloId: this.state.id,
      organisationId: this.state.organisationId,
      reportedAt: now,
      reportedBy: hit.reportedBy,
    });
  }

  /** A holder of `records.bolo.manage` moves the BOLO to any of the six statuses: no per-status rules. */
  overrideStatus(to: BoloStatus, now: Date): void {
    this.touch(now);
    this.changeStatus(to, now);
  }

  snapshot(): BoloState {
    return this.state;
  }

  /** A hit or an override updates the BOLO even when its status stays where it is. */
  private touch(now: Date): void {
    this.state = { ...this.state, updatedAt: now };
  }

  /** Every move of the stored status records one event; a move to where it is records none. */
  private changeStatus(to: BoloStatus, now: Date): void {
    const { status: from, organisationId, issuingDepartmentId, id: boloId } = this.state;
    if (from === to) return;
    this.state = { ...this.state, status: to, updatedAt: now };
    this.events.record({ type: 'bolo.status_changed', organisationId, issuingDepartmentId, boloId, from, to, at: now });
  }
}
