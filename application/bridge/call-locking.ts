import type { Call } from '../../domain/call/call.ts';
import type { GameGrant } from '../../domain/credential/access-grant.ts';
import type { GateRefusal, OnDutyOfficer } from '../../domain/gate/bridge-gate.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { CallId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import type { CallRepository } from '../ports/call-repository.ts';
import type { UnitRepository } from '../ports/unit-repository.ts';
import type { BridgeGate } from './bridge-gate.ts';

/**
 * For the `/911` follow-ups, inside a unit of work: passes the full gate, then locks the call and
 * then the officer's unit (always in that order, so writers never deadlock), and re-checks the
 * unit under its lock, since a duty change may have landed between the gate and the lock.
 */
export async function lockCallAndUnit(
  gate: BridgeGate,
  calls: CallRepository,
  units: UnitRepository,
  input: { grant: GameGrant; identifiers: PlayerIdentifiers; callId: CallId },
): Promise<Outcome<{ call: Call; unit: Unit; officer: OnDutyOfficer }, GateRefusal | 'call_not_found'>> {
  const officer = await gate.onDuty(input.grant, input.identifiers);
  if (!officer.ok) return officer;
  const call = await calls.getForUpdate(input.callId);
  if (call === null || call.snapshot().organisationId !== input.grant.organisationId) return refuse('call_not_found');
  const unit = await units.getForUpdate(officer.value.unitId);
  if (unit === null || !unit.isOnDuty) return refuse('not_on_duty');
  return accept({ call, unit, officer: officer.value });
}
