import type { CredentialKind } from '../credential/credential.ts';
import type { CharacterId, DepartmentId, UnitId } from '../shared/ids.ts';
import { type Outcome, accept, refuse } from '../shared/outcome.ts';
import { type UnitStatus, isOnDuty } from '../unit/unit-status.ts';

/** Everything the gate needs to know about one bridge request, loaded fresh for every call. */
export interface GateFacts<U extends GateUnit = GateUnit> {
  readonly credential: { readonly kind: CredentialKind; readonly departmentId: DepartmentId | null };
  /** The character the player's identifiers resolve to, if any. */
  readonly characterId: CharacterId | null;
  /** The character's unit through its membership in the credential's own department, if any. */
  readonly unit: U | null;
}

/** What the gate reads of a unit; a caller may pass the whole unit and gets it back on success. */
export interface GateUnit {
  readonly id: UnitId;
  readonly isActive: boolean;
  readonly status: UnitStatus;
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
  const admitted = admitOfficer(facts);
  if (!admitted.ok) return admitted;
  const { characterId, unitId, departmentId } = admitted.value;
  return accept({ characterId, unitId, departmentId });
}

/** The full gate, handing back the unit it judged (so that a caller never reads it again). */
export function admitOfficer<U extends GateUnit>(facts: GateFacts<U>): Outcome<OnDutyOfficer & { readonly unit: U }, GateRefusal> {
  const { credential, characterId, unit } = facts;
  if (credential.kind !== 'game' || credential.departmentId === null || characterId === null) return refuse('not_linked');
  if (unit === null || !unit.isActive || !isOnDuty(unit.status)) return refuse('not_on_duty');
  return accept({ characterId, unitId: unit.id, departmentId: credential.departmentId, unit });
}
