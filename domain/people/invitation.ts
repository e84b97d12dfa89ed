import type { OrganisationId, PersonId } from '../shared/ids.ts';
import { type Outcome, accept, refuse } from '../shared/outcome.ts';
import type { RoleName } from './role.ts';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface InvitationState {
  /** Keyed hash of the token in the invitation's address; the token itself is never stored. */
  readonly tokenHash: string;
  readonly organisationId: OrganisationId;
  readonly role: RoleName;
  /** Who made it, as the audit log names them. */
  readonly invitedBy: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
  readonly usedBy: PersonId | null;
}

/** A one-time link that makes its holder a member of an organisation with a role. */
export class Invitation {
  private constructor(private state: InvitationState) {}

  static issue(input: Omit<InvitationState, 'createdAt' | 'expiresAt' | 'usedAt' | 'usedBy'>, now: Date): Invitation {
    return new Invitation({ ...input, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS), usedAt: null, usedBy: null });
  }

  static restore(state: InvitationState): Invitation {
    return new Invitation(state);
  }

  get organisationId(): OrganisationId {
    return this.state.organisationId;
  }
  get role(): RoleName {
    return this.state.role;
  }
  get expiresAt(): Date {
    return this.state.expiresAt;
  }

  /** Open: not used and not expired. */
  isOpen(now: Date): boolean {
    return this.state.usedAt === null && now.getTime() < this.state.expiresAt.getTime();
  }

  /** Once, before it expires. */
  accept(personId: PersonId, now: Date): Outcome<null, 'invalid_invitation'> {
    if (!this.isOpen(now)) return refuse('invalid_invitation');
    this.state = { ...this.state, usedAt: now, usedBy: personId };
    return accept(null);
  }

  snapshot(): InvitationState {
    return this.state;
  }
}
