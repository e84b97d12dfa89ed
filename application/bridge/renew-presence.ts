import type { GameGrant } from '../../domain/credential/access-grant.ts';
import { overageOf, renewedClaim } from '../../domain/presence/presence.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { CharacterId } from '../../domain/shared/ids.ts';
import { type Outcome, accept } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';

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
 * the operators: nobody is ever disconnected. Two reads and two writes, whatever the population;
 * after its commit the dispatch boards are told which claims it renewed, with no read more.
 */
export class RenewPresence {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'identifierLinks' | 'presence' | 'positions' | 'clock' | 'uow'>) {}

  execute(input: { grant: GameGrant; players: readonly PlayerIdentifiers[] }): Promise<Outcome<PresenceRenewed, never>> {
    const { grant } = input;
    return this.ports.uow.run(async () => {
      const now = this.ports.clock.now();
      const links = await this.ports.identifierLinks.findLinksAmong(
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
      if (claims.length > 0) {
        await this.ports.presence.renew(claims);
        this.ports.uow.afterCommit(() => this.ports.positions.presenceRenewed(grant.organisationId, claims));
      }
      const connected = await this.ports.presence.countConnected(grant.organisationId, now);
      const organisation = await this.ports.organisations.get(grant.organisationId);
      const overage = overageOf(grant.organisationId, connected, organisation?.settings.concurrentAccountsMax ?? null, now);
      if (overage !== null) await this.ports.presence.recordOverage(overage);
      return accept({ renewed: claims.length, connected });
    });
  }
}
