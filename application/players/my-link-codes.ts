import type { PersonOperator } from '../../domain/people/person-operator.ts';
import { linksFor } from '../../domain/roster/identifier-link.ts';
import { LINK_CODE_LENGTH, LinkCode, linkCodeFromRandom, normaliseLinkCode } from '../../domain/roster/link-code.ts';
import { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { CharacterId, CharacterPublicId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { ownCharacter, personActor } from './own-records.ts';

/** A character that waits for approval or is retired takes no link. */
export type LinkRefusal = 'not_found' | 'character_not_active';

/**
 * **Generate link code** on `/account/`: the same one-time code (ten minutes, Crockford base-32) an
 * operator issues, for one of the player's own active characters; `/identity/link` redeems it.
 */
export class IssueMyLinkCode {
  constructor(private readonly ports: Pick<Ports, 'characters' | 'linkCodes' | 'hasher' | 'secrets' | 'writes'>) {}

  execute(input: { person: PersonOperator; characterId: CharacterId }): Promise<Outcome<{ code: string; expiresAt: Date }, LinkRefusal>> {
    return this.ports.writes.run(personActor(input.person), async (now) => {
      const character = await ownCharacter(this.ports.characters, input.person, input.characterId);
      if (character === null) return refuse('not_found');
      if (!character.mayLink) return refuse('character_not_active');
      const code = linkCodeFromRandom(this.ports.secrets.randomBytes(LINK_CODE_LENGTH));
      const codeHash = this.ports.hasher.hash(normaliseLinkCode(code));
      const linkCode = LinkCode.issue({ codeHash, organisationId: character.organisationId, characterId: character.id }, now);
      await this.ports.linkCodes.save(linkCode);
      const subject = { type: 'character', id: character.id };
      const note = auditNote(character.organisationId, 'link_code.issued', subject, { expiresAt: linkCode.expiresAt });
      return audited({ code, expiresAt: linkCode.expiresAt }, note);
    });
  }
}

export interface LinkConfirmed {
  readonly characterPublicId: CharacterPublicId;
  readonly displayName: string;
}

/**
 * **Confirm link** on `/account/link#code=...`: the signed-in player ties the identifiers the game
 * sent with `/identity/link/pending` to one of their own active characters. The code is looked up
 * in the character's organisation only, so a pending link of another organisation is simply not
 * found; a used, expired or guessed code is `invalid_or_expired_code`, as on `/identity/link`.
 */
export class ConfirmPendingLink {
  constructor(private readonly ports: Pick<Ports, 'characters' | 'pendingLinks' | 'identifierLinks' | 'hasher' | 'writes'>) {}

  execute(input: {
    person: PersonOperator;
    code: string;
    characterId: CharacterId;
  }): Promise<Outcome<LinkConfirmed, LinkRefusal | 'invalid_or_expired_code'>> {
    return this.ports.writes.run(personActor(input.person), async (now) => {
      const character = await ownCharacter(this.ports.characters, input.person, input.characterId);
      if (character === null) return refuse('not_found');
      if (!character.mayLink) return refuse('character_not_active');
      const organisationId = character.organisationId;
      const pending = await this.ports.pendingLinks.findByHashForUpdate(
        organisationId,
        this.ports.hasher.hash(normaliseLinkCode(input.code)),
      );
      if (pending === null) return refuse('invalid_or_expired_code');
      const confirmed = pending.confirm(now);
      if (!confirmed.ok) return confirmed;
      const identifiers = PlayerIdentifiers.from(Object.fromEntries(confirmed.value.map(({ kind, value }) => [kind, value])));
      if (!identifiers.ok) return refuse('invalid_or_expired_code');
      const before = await this.ports.identifierLinks.findLinks(organisationId, identifiers.value);
      const moved = before.filter((link) => link.characterId !== character.id);
      await this.ports.pendingLinks.save(pending);
      await this.ports.identifierLinks.link(linksFor(organisationId, identifiers.value, character.id, now));
      const details = {
        via: 'pending_link',
        identifiers: identifiers.value.entries.map((e) => e.kind),
        ...(moved.length === 0 ? {} : { movedFrom: moved.map((l) => ({ kind: l.kind, characterId: l.characterId })) }),
      };
      const note = {
        ...auditNote(organisationId, 'identity.linked', { type: 'character', id: character.id }, details),
        playerCharacterId: character.id,
      };
      return audited({ characterPublicId: character.publicId, displayName: character.displayName }, note);
    });
  }
}
