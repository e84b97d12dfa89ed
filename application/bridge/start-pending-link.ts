import { LINK_CODE_LENGTH, linkCodeFromRandom, normaliseLinkCode } from '../../domain/roster/link-code.ts';
import { PendingLink } from '../../domain/roster/pending-link.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { credentialActor } from './bridge-actor.ts';
import type { PlayerRequest } from './player-writes.ts';

export interface PendingLinkStarted {
  readonly code: string;
  readonly expiresAt: Date;
  /** Where the player confirms it, on this service: the code rides in the fragment, never in a log. */
  readonly linkPath: string;
}

/**
 * `/identity/link/pending` (an extension of the contract): `/cadlink` with no code. The game sends
 * the player's identifiers and gets a one-time code and the address the player opens; signed in,
 * the player confirms which character it links, and the game learns of the link on its next call.
 * Each call starts a fresh code: one asked for again (a player who closed the message) is as good
 * as the first, each used once, each for ten minutes, in the credential's organisation only.
 */
export class StartPendingLink {
  constructor(private readonly ports: Pick<Ports, 'pendingLinks' | 'hasher' | 'secrets' | 'writes'>) {}

  execute(input: PlayerRequest): Promise<Outcome<PendingLinkStarted, never>> {
    const { grant, identifiers } = input;
    return this.ports.writes.run(credentialActor(grant), async (now) => {
      const code = linkCodeFromRandom(this.ports.secrets.randomBytes(LINK_CODE_LENGTH));
      const codeHash = this.ports.hasher.hash(normaliseLinkCode(code));
      const pending = PendingLink.start({ codeHash, organisationId: grant.organisationId, identifiers: identifiers.entries }, now);
      await this.ports.pendingLinks.save(pending);
      const details = { identifiers: identifiers.entries.map((e) => e.kind), expiresAt: pending.expiresAt };
      const note = { organisationId: grant.organisationId, action: 'identity.link_started', subject: null, details };
      return audited({ code, expiresAt: pending.expiresAt, linkPath: `/account/link#code=${code}` }, note);
    });
  }
}
