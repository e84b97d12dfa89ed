import type { PersonOperator } from '../../domain/people/person-operator.ts';
import { type IdentifierLink, linksFor } from '../../domain/roster/identifier-link.ts';
import type { PendingLink } from '../../domain/roster/pending-link.ts';
import { type PlayerIdentifier, PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { CharacterId, CharacterPublicId, OrganisationId, PersonId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { LinkRefusal } from './my-link-codes.ts';
import { ownCharacter, personActor } from './own-records.ts';

/** A game player waiting to be linked (a `/cadlink` with no code), as the account page shows it. */
export interface WaitingIdentity {
  readonly identifiers: readonly PlayerIdentifier[];
  readonly expiresAt: Date;
}

export interface TrustedLinks {
  /** The organisation's `trustedIdentityLink` setting. */
  readonly enabled: boolean;
  /** The game identities the person's sign-in vouches for (`discord:<id>`), whatever the setting. */
  readonly vouchedFor: readonly string[];
  /** Empty unless the setting is on. */
  readonly waiting: readonly WaitingIdentity[];
}

type SignInPorts = Pick<Ports, 'signInMethods' | 'externalIdentities'>;

/**
 * The game identities a person proved at sign-in: for each Discord identity bound to their account,
 * `discord:<user id>`, which a FiveM server sends as the player's `chat` identifier.
 */
async function vouchedIdentities(ports: SignInPorts, personId: PersonId): Promise<PlayerIdentifier[]> {
  const discord = new Set(ports.externalIdentities.providers().flatMap((p) => (p.gameIdentity === 'discord' ? [p.id] : [])));
  const methods = await ports.signInMethods.ofPerson(personId);
  return methods.flatMap((m) => {
    const cut = m.subject.indexOf(':');
    if (m.kind !== 'external' || cut < 0 || !discord.has(m.subject.slice(0, cut))) return [];
    return [{ kind: 'chat' as const, value: `discord:${m.subject.slice(cut + 1)}` }];
  });
}

async function waitingFor(
  ports: Pick<Ports, 'pendingLinks'>,
  organisationId: OrganisationId,
  vouched: readonly PlayerIdentifier[],
  now: Date,
  forUpdate = false,
): Promise<PendingLink[]> {
  const found = new Map<string, PendingLink>();
  for (const identifier of vouched)
    for (const link of await ports.pendingLinks.waitingWith(organisationId, identifier, now, forUpdate))
      found.set(link.snapshot().codeHash, link);
  return [...found.values()];
}

/**
 * `/account/`'s **Game identities waiting**: when the organisation links by trusted identity, the
 * links the game started (`/identity/link/pending`) whose identifiers include `discord:<the id the
 * person signed in with>`, in that organisation only. Nothing else is offered, and nothing is read
 * of pending links while the setting is off.
 */
export class ReadTrustedLinks {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'pendingLinks' | 'clock'> & SignInPorts) {}

  async execute(input: { person: PersonOperator; organisationId: OrganisationId }): Promise<Outcome<TrustedLinks, 'not_found'>> {
    if (!input.person.reaches(input.organisationId)) return refuse('not_found');
    const organisation = await this.ports.organisations.get(input.organisationId);
    if (organisation === null) return refuse('not_found');
    const vouched = await vouchedIdentities(this.ports, input.person.personId);
    const enabled = organisation.settings.trustedIdentityLink;
    const waiting = enabled ? await waitingFor(this.ports, organisation.id, vouched, this.ports.clock.now()) : [];
    return accept({
      enabled,
      vouchedFor: vouched.map((v) => v.value),
      waiting: waiting.map((link) => ({ identifiers: link.identifiers, expiresAt: link.expiresAt })),
    });
  }
}

export interface TrustedLinkMade {
  readonly characterPublicId: CharacterPublicId;
  readonly displayName: string;
  readonly identifiers: readonly PlayerIdentifier[];
}

/**
 * **Link** beside a waiting game identity: every waiting pending link that carries the person's own
 * `discord:<id>` is linked to one of their active characters, with no code, and spent. Audited as
 * `identity.linked` with `via: trusted_identity`. Off, or with nothing waiting, nothing is written.
 */
export class LinkByTrustedIdentity {
  constructor(
    private readonly ports: Pick<Ports, 'organisations' | 'characters' | 'pendingLinks' | 'identifierLinks' | 'writes'> & SignInPorts,
  ) {}

  execute(input: { person: PersonOperator; characterId: CharacterId }): Promise<Outcome<TrustedLinkMade, LinkRefusal | 'nothing_waiting'>> {
    return this.ports.writes.run(personActor(input.person), async (now) => {
      const character = await ownCharacter(this.ports.characters, input.person, input.characterId);
      if (character === null) return refuse('not_found');
      if (!character.mayLink) return refuse('character_not_active');
      const organisationId = character.organisationId;
      const organisation = await this.ports.organisations.get(organisationId);
      if (organisation === null || !organisation.settings.trustedIdentityLink) return refuse('nothing_waiting');
      const vouched = await vouchedIdentities(this.ports, input.person.personId);
      const waiting = await waitingFor(this.ports, organisationId, vouched, now, true);
      const links: IdentifierLink[] = [];
      const moved: IdentifierLink[] = [];
      for (const pending of waiting) {
        const confirmed = pending.confirm(now);
        if (!confirmed.ok) continue;
        const identifiers = PlayerIdentifiers.from(Object.fromEntries(confirmed.value.map((e) => [e.kind, e.value])));
        if (!identifiers.ok) continue;
        moved.push(
          ...(await this.ports.identifierLinks.findLinks(organisationId, identifiers.value)).filter((l) => l.characterId !== character.id),
        );
        await this.ports.pendingLinks.save(pending);
        links.push(...linksFor(organisationId, identifiers.value, character.id, now));
      }
      if (links.length === 0) return refuse('nothing_waiting');
      await this.ports.identifierLinks.link(links);
      const identifiers = links.map(({ kind, value }) => ({ kind, value }));
      const details = {
        via: 'trusted_identity',
        provider: 'discord',
        identifiers: identifiers.map((e) => e.kind),
        ...(moved.length === 0 ? {} : { movedFrom: moved.map((l) => ({ kind: l.kind, characterId: l.characterId })) }),
      };
      const note = {
        ...auditNote(organisationId, 'identity.linked', { type: 'character', id: character.id }, details),
        playerCharacterId: character.id,
      };
      return audited({ characterPublicId: character.publicId, displayName: character.displayName, identifiers }, note);
    });
  }
}
