import type { CredentialKind } from '../credential/credential.ts';
import type { CharacterId, DepartmentId, UnitId } from '../shared/ids.ts';
import { type Outcome, accept, refuse } from '../shared/outcome.ts';
import { type UnitStatus, isOnDuty } from '../unit/unit-status.ts';

/** Everything the gate needs to know about one bridge request, loaded fresh for every call. */
export interface GateFacts {
  readonly credential: { readonly kind: CredentialKind; readonly departmentId: DepartmentId | null };
  /** The character the player's identifiers resolve to, if any. */
  readonly characterId: CharacterId | null;
  /** The character's unit through its membership in the credential's own department, if any. */
  readonly unit: { readonly id: UnitId; readonly isActive: boolean; readonly status: UnitStatus } | null;
}

export type GateRefusal = 'not_linked' | 'not_on_duty';

export interface LinkedPlayer {
  readonly characterId: CharacterId;
}

export interface OnDutyOfficer extends LinkedPlayer {
  readonly unitId: UnitId;
  readonly departmentId: DepartmentId;
}

/**
 * The link gate: a `game` credential and identifiers linked to a character. Every failure reads
 * `not_linked`.
 */
export function judgeLinkGate(facts: GateFacts): Outcome<LinkedPlayer, 'not_linked'> {
  if (facts.credential.kind !== 'game' || facts.credential.departmentId === null) return refuse('not_linked');
  if (facts.characterId === null) return refuse('not_linked');
  return accept({ characterId: facts.characterId });
}

/**
 * The full gate of section 5.4: link, then membership in the credential's department, then an
 * active unit that is not off duty. Failures collapse to `not_linked` or `not_on_duty`, so a
 * caller cannot tell never-linked from off-duty.
 */
export function judgeFullGate(facts: GateFacts): Outcome<OnDutyOfficer, GateRefusal> {
  const linked = judgeLinkGate(facts);
  if (!linked.ok) return linked;
  const unit = facts.unit;
  if (unit === null || !unit.isActive || !isOnDuty(unit.status)) return refuse('not_on_duty');
  return accept({ characterId: linked.value.characterId, unitId: unit.id, departmentId: facts.credential.departmentId! });
}
