import type { Call } from '../../domain/call/call.ts';
import type { GateRefusal, OnDutyOfficer } from '../../domain/gate/bridge-gate.ts';
import type { CallId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import type { Audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { credentialActor } from './bridge-actor.ts';
import type { PlayerRequest } from './player-writes.ts';

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
 * officer that locks the call and then the unit (always in that order, so writers never deadlock).
 * The call comes with its notes in one statement; the gate's statement then takes the unit's lock
 * and judges the unit as locked, so a duty change that landed meanwhile counts and no row is read
 * twice. A gate refusal still comes before `call_not_found`.
 */
export function writeOnCallWithOwnUnit<Result, Reason extends string>(
  ports: CallLockingPorts,
  request: CallRequest,
  work: (locked: LockedCallAndUnit, now: Date) => Promise<Outcome<Audited<Result>, Reason>>,
): Promise<Outcome<Result, Reason | GateRefusal | 'call_not_found'>> {
  const { grant } = request;
  return ports.writes.run<Result, Reason | GateRefusal | 'call_not_found'>(credentialActor(grant), async (now) => {
    const call = await ports.calls.getForUpdate(request.callId);
    const officer = await ports.gate.onDutyLockingUnit(grant, request.identifiers);
    if (!officer.ok) return officer;
    if (call?.organisationId !== grant.organisationId) return refuse('call_not_found');
    return work({ call, unit: officer.value.unit, officer: officer.value }, now);
  });
}
