import type { CharacterId, CredentialId, DepartmentId, OrganisationId, UnitId } from '../shared/ids.ts';
import { type Outcome, accept, refuse } from '../shared/outcome.ts';

export const MDT_HANDOFF_TTL_MS = 120_000;

/** `full`: an on-duty officer of the credential's department; `basic`: any other linked player, read-only. */
export type MdtTier = 'full' | 'basic';

export interface MdtHandoffState {
  /** Keyed hash of the token; the token itself is never stored. */
  readonly tokenHash: string;
  readonly organisationId: OrganisationId;
  readonly characterId: CharacterId;
  readonly credentialId: CredentialId;
  readonly departmentId: DepartmentId;
  /** The on-duty unit, for the `full` tier. */
  readonly unitId: UnitId | null;
  readonly tier: MdtTier;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
}

/** A single-use ticket that moves a player from the game to the MDT web client, valid 120 s. */
export class MdtHandoff {
  private constructor(private state: MdtHandoffState) {}

  static issue(input: Omit<MdtHandoffState, 'issuedAt' | 'expiresAt' | 'usedAt'>, now: Date): MdtHandoff {
    return new MdtHandoff({ ...input, issuedAt: now, expiresAt: new Date(now.getTime() + MDT_HANDOFF_TTL_MS), usedAt: null });
  }

  static restore(state: MdtHandoffState): MdtHandoff {
    return new MdtHandoff(state);
  }

  get expiresAt(): Date {
    return this.state.expiresAt;
  }

  /** Once, and only before it expires. */
  redeem(now: Date): Outcome<MdtHandoffState, 'invalid_handoff'> {
    if (this.state.usedAt !== null || now.getTime() >= this.state.expiresAt.getTime()) return refuse('invalid_handoff');
    this.state = { ...this.state, usedAt: now };
    return accept(this.state);
  }

  snapshot(): MdtHandoffState {
    return this.state;
  }
}
