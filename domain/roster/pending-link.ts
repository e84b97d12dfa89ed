import type { OrganisationId } from '../shared/ids.ts';
import { type Outcome, accept, refuse } from '../shared/outcome.ts';
import { LINK_CODE_TTL_MS } from './link-code.ts';
import type { PlayerIdentifier } from './player-identifiers.ts';

export interface PendingLinkState {
  /** Keyed hash of the normalised code; the code itself is never stored. */
  readonly codeHash: string;
  readonly organisationId: OrganisationId;
  /** The identifiers the game sent, linked as they are when the player confirms. */
  readonly identifiers: readonly PlayerIdentifier[];
  readonly issuedAt: Date;
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
}

/**
 * A link started from the game (`/cadlink` with no code): the game server asks for it with the
 * player's identifiers, the player opens `/account/link#code=...`, signs in and confirms which of
 * their characters it links. The mirror image of a `LinkCode`: the identifiers are known first, the
 * character last. Single use, ten minutes, in the credential's organisation only.
 */
export class PendingLink {
  private constructor(private state: PendingLinkState) {}

  static start(input: { codeHash: string; organisationId: OrganisationId; identifiers: readonly PlayerIdentifier[] }, now: Date) {
    return new PendingLink({
      ...input,
      identifiers: input.identifiers.map(({ kind, value }) => ({ kind, value })),
      issuedAt: now,
      expiresAt: new Date(now.getTime() + LINK_CODE_TTL_MS),
      usedAt: null,
    });
  }

  static restore(state: PendingLinkState): PendingLink {
    return new PendingLink(state);
  }

  get organisationId(): OrganisationId {
    return this.state.organisationId;
  }

  get expiresAt(): Date {
    return this.state.expiresAt;
  }

  get identifiers(): readonly PlayerIdentifier[] {
    return this.state.identifiers;
  }

  /** Single use, and only before it expires. */
  confirm(now: Date): Outcome<readonly PlayerIdentifier[], 'invalid_or_expired_code'> {
    if (this.state.usedAt !== null || now.getTime() >= this.state.expiresAt.getTime()) return refuse('invalid_or_expired_code');
    this.state = { ...this.state, usedAt: now };
    return accept(this.state.identifiers);
  }

  snapshot(): PendingLinkState {
    return this.state;
  }
}
