import type { GameGrant } from '../../domain/credential/access-grant.ts';
import { overageOf, renewedClaim } from '../../domain/presence/presence.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { CharacterId } from '../../domain/shared/ids.ts';
import { type Outcome, accept } from '../../domain/shared/outcome.ts';
import type { OrganisationRepository } from '../ports/organisation-repositories.ts';
import type { PresenceRepository } from '../ports/presence-repository.ts';
import type { IdentifierLinkRepository } from '../ports/roster-repositories.ts';
import type { Clock } from '../ports/clock.ts';
import type { UnitOfWork } from '../ports/unit-of-work.ts';

export interface PresenceRenewed {
  /** Linked accounts whose claim this heartbeat renewed. */
  readonly renewed: number;
  /** Accounts of the organisation connected after it. */
  readonly connected: number;
}

/**
 * `/presence`: the whole connected population, every thirty seconds. Linked accounts renew their
 * claim toward the organisation's `concurrent_accounts.max`; unlinked players are skipped and
 * never created. Over the limit the heartbeat is still acknowledged and the overage recorded for
 * the operators: nobody is ever disconnected. Two reads and two writes, whatever the population.
 */
export class RenewPresence {
  constructor(
    private readonly organisations: OrganisationRepository,
    private readonly links: IdentifierLinkRepository,
    private readonly presence: PresenceRepository,
    private readonly clock: Clock,
    private readonly uow: UnitOfWork,
  ) {}

  execute(input: { grant: GameGrant; players: readonly PlayerIdentifiers[] }): Promise<Outcome<PresenceRenewed, never>> {
    const { grant } = input;
    return this.uow.run(async () => {
      const now = this.clock.now();
      const links = await this.links.findLinksAmong(
        grant.organisationId,
        input.players.flatMap((p) => p.entries),
      );
      const characters = new Set<CharacterId>();
      for (const player of input.players) {
        const link = player.resolve(links);
        if (link !== undefined) characters.add(link.characterId);
      }
      const claims = [...characters].map((characterId) =>
        renewedClaim({ organisationId: grant.organisationId, characterId, credentialId: grant.credentialId }, now),
      );
      if (claims.length > 0) await this.presence.renew(claims);
      const connected = await this.presence.countConnected(grant.organisationId, now);
      const organisation = await this.organisations.get(grant.organisationId);
      const overage = overageOf(grant.organisationId, connected, organisation?.settings.concurrentAccountsMax ?? null, now);
      if (overage !== null) await this.presence.recordOverage(overage);
      return accept({ renewed: claims.length, connected });
    });
  }
}
