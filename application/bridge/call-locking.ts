import type { Call } from '../../domain/call/call.ts';
import type { GateRefusal, OnDutyOfficer } from '../../domain/gate/bridge-gate.ts';
import type { CallId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import type { Audited, AuditedWrites } from '../audit/audited-writes.ts';
import type { CallRepository } from '../ports/call-repository.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { UnitRepository } from '../ports/unit-repository.ts';
import type { BridgeGate } from './bridge-gate.ts';
import { type PlayerRequest, writeAsOfficer } from './player-writes.ts';

/** A `/911` follow-up: the officer's own unit acts on one call. */
export interface CallRequest extends PlayerRequest {
  readonly callId: CallId;
}

export type CallLockingPorts = Pick<Ports, 'gate' | 'calls' | 'units' | 'writes'>;

/** The call and the officer's unit, both locked, and the officer who passed the gate. */
export interface LockedCallAndUnit {
  readonly call: Call;
  readonly unit: Unit;
  readonly officer: OnDutyOfficer;
}

/**
 * The frame of the `/911` follow-ups that move the officer's unit: one write for the on-duty
 * officer that locks the call and then the unit (always in that order, so writers never deadlock),
 * and re-checks the unit under its lock, since a duty change may have landed between the gate and
 * the lock.
 */
export function writeOnCallWithOwnUnit<Result, Reason extends string>(
  ports: CallLockingPorts,
  request: CallRequest,
  work: (locked: LockedCallAndUnit, now: Date) => Promise<Outcome<Audited<Result>, Reason>>,
): Promise<Outcome<Result, Reason | GateRefusal | 'call_not_found'>> {
  return writeAsOfficer<Result, Reason | 'call_not_found' | 'not_on_duty'>(ports.gate, ports.writes, request, async (officer, now) => {
    const call = await ports.calls.getForUpdate(request.callId);
    if (call?.organisationId !== request.grant.organisationId) return refuse('call_not_found');
    const unit = await ports.units.getForUpdate(officer.unitId);
    if (unit === null || !unit.isOnDuty) return refuse('not_on_duty');
    return work({ call, unit, officer }, now);
  });
}
