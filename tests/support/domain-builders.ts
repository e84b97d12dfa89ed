import { Bolo, type BoloState } from '../../domain/bolo/bolo.ts';
import type { BoloStatus } from '../../domain/bolo/bolo-terms.ts';
import { Call, type CallState } from '../../domain/call/call.ts';
import type { CallStatus } from '../../domain/call/call-status.ts';
import { Plate } from '../../domain/records/plate.ts';
import type {
  BoloHitId,
  BoloId,
  CallId,
  CharacterId,
  CredentialId,
  DepartmentId,
  MembershipId,
  OrganisationId,
  UnitId,
  VehicleId,
  CivilianId,
} from '../../domain/shared/ids.ts';
import { MapPoint } from '../../domain/shared/map-point.ts';
import { Unit, type UnitAssignment, type UnitState } from '../../domain/unit/unit.ts';
import type { UnitStatus } from '../../domain/unit/unit-status.ts';

export const T0 = new Date('2026-03-01T12:00:00.000Z');
export const ORG = '00000000-0000-7000-8000-00000000000a' as OrganisationId;
export const POLICE = '00000000-0000-7000-8000-0000000000d1' as DepartmentId;
export const FIRE = '00000000-0000-7000-8000-0000000000d2' as DepartmentId;

let sequence = 0;
function nextId<T extends string>(): T {
  sequence += 1;
  return `00000000-0000-7000-8000-${String(sequence).padStart(12, '0')}` as T;
}

/** `aUnit().inDepartment(FIRE).withStatus('BUSY').assignedTo(call).build()` */
export function aUnit() {
  let state: UnitState = {
    id: nextId<UnitId>(),
    organisationId: ORG,
    departmentId: POLICE,
    membershipId: nextId<MembershipId>(),
    characterId: nextId<CharacterId>(),
    callsign: '1-ADAM-12',
    isActive: true,
    status: 'AVAILABLE',
    assignment: null,
    statusChangedAt: T0,
    endedAt: null,
  };
  const builder = {
    inDepartment(departmentId: DepartmentId) {
      state = { ...state, departmentId };
      return builder;
    },
    withStatus(status: UnitStatus) {
      state = { ...state, status };
      return builder;
    },
    withCallsign(callsign: string | null) {
      state = { ...state, callsign };
      return builder;
    },
    inactive() {
      state = { ...state, isActive: false };
      return builder;
    },
    assignedTo(call: { id: CallId; number: string }, pin: MapPoint | null = MapPoint.of(100, 100)) {
      const assignment: UnitAssignment = { callId: call.id, callNumber: call.number, pin, assignedAt: T0 };
      state = { ...state, assignment };
      return builder;
    },
    build: () => Unit.restore(state),
  };
  return builder;
}

/** `aCall().inDepartment(FIRE).withStatus('ACTIVE').at(10, 20).build()` */
export function aCall() {
  let state: CallState = {
    id: nextId<CallId>(),
    organisationId: ORG,
    departmentId: POLICE,
    number: `C-26-${String(++sequence).padStart(6, '0')}`,
    origin: 'emergency_911',
    priority: 'P2',
    status: 'PENDING',
    description: 'shots fired',
    location: MapPoint.of(100, 100),
    notes: [],
    createdAt: T0,
    closedAt: null,
  };
  const builder = {
    inDepartment(departmentId: DepartmentId) {
      state = { ...state, departmentId };
      return builder;
    },
    withStatus(status: CallStatus) {
      state = { ...state, status };
      return builder;
    },
    at(x: number, y: number) {
      state = { ...state, location: MapPoint.of(x, y) };
      return builder;
    },
    withoutLocation() {
      state = { ...state, location: null };
      return builder;
    },
    build: () => Call.restore(state),
  };
  return builder;
}

/** `aBolo().forVehicle().withStatus('ACKNOWLEDGED').expiringAt(date).build()` */
export function aBolo() {
  let state: BoloState = {
    id: nextId<BoloId>(),
    organisationId: ORG,
    number: 'B-26-000001',
    issuingDepartmentId: POLICE,
    subjectCivilianId: null,
    subjectVehicleId: nextId<VehicleId>(),
    severity: 'HIGH',
    scope: 'DEPARTMENT',
    subjectDescription: 'black sedan',
    reason: 'armed robbery',
    narrative: 'seen leaving the bank',
    internalNotes: 'informant',
    expiresAt: null,
    issuedBy: { kind: 'credential', credentialId: nextId<CredentialId>() },
    status: 'ISSUED',
    createdAt: T0,
    updatedAt: T0,
  };
  const builder = {
    forCivilianOnly() {
      state = { ...state, subjectVehicleId: null, subjectCivilianId: nextId<CivilianId>() };
      return builder;
    },
    withStatus(status: BoloStatus) {
      state = { ...state, status };
      return builder;
    },
    expiringAt(expiresAt: Date) {
      state = { ...state, expiresAt };
      return builder;
    },
    issuedBy(departmentId: DepartmentId) {
      state = { ...state, issuingDepartmentId: departmentId };
      return builder;
    },
    build: () => Bolo.restore(state),
  };
  return builder;
}

export function minutesAfter(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000);
}

/** A plate that must parse: a test's own fixture. */
export function plate(raw: string): Plate {
  const parsed = Plate.parse(raw);
  if (!parsed.ok) throw new Error(raw);
  return parsed.value;
}

/** A camera's sighting of a plate, at T0. */
export const sighting = (seen: string) => ({
  plate: seen,
  cameraId: 'cam-7',
  cameraLabel: 'Route 68',
  position: MapPoint.of(1, 2),
  seenAt: T0,
});

/** The ids a reported BOLO hit is given. */
export const hitIds = {
  id: '00000000-0000-7000-8000-00000000aa01' as BoloHitId,
  reportedBy: '00000000-0000-7000-8000-00000000cc01' as CredentialId,
};
