import { linksFor } from '../../domain/roster/identifier-link.ts';
import { normaliseLinkCode } from '../../domain/roster/link-code.ts';
import type { CharacterPublicId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { credentialActor } from './bridge-actor.ts';
import { type PlayerRequest, playerNote } from './player-writes.ts';

export interface LinkIdentityInput extends PlayerRequest {
  readonly code: string;
}

export interface IdentityLinked {
  readonly characterPublicId: CharacterPublicId;
  readonly displayName: string;
}

/**
 * `/identity/link`: redeems a one-time code the player generated in their account and links
 * every identifier sent to the code's character. An identifier linked elsewhere before moves,
 * and the audit entry says from where.
 */
export class LinkIdentity {
  constructor(private readonly ports: Pick<Ports, 'linkCodes' | 'characters' | 'identifierLinks' | 'hasher' | 'writes'>) {}

  execute(input: LinkIdentityInput): Promise<Outcome<IdentityLinked, 'invalid_or_expired_code'>> {
    const { grant } = input;
    return this.ports.writes.run(credentialActor(grant), async (now) => {
      const code = await this.ports.linkCodes.findByHashForUpdate(
        grant.organisationId,
        this.ports.hasher.hash(normaliseLinkCode(input.code)),
      );
      if (code === null) return refuse('invalid_or_expired_code');
      const redeemed = code.redeem(now);
      if (!redeemed.ok) return redeemed;
      const character = await this.ports.characters.get(redeemed.value);
      // A character waiting for approval, or retired, takes no link: the code reads as any spent one.
      if (character === null || character.organisationId !== grant.organisationId || !character.mayLink)
        return refuse('invalid_or_expired_code');
      const before = await this.ports.identifierLinks.findLinks(grant.organisationId, input.identifiers);
      const moved = before.filter((link) => link.characterId !== character.id);
      await this.ports.linkCodes.save(code);
      await this.ports.identifierLinks.link(linksFor(grant.organisationId, input.identifiers, character.id, now));
      const details = {
        identifiers: input.identifiers.entries.map((e) => e.kind),
        ...(moved.length === 0 ? {} : { movedFrom: moved.map((l) => ({ kind: l.kind, characterId: l.characterId })) }),
      };
      const note = playerNote(grant, character.id, 'identity.linked', { type: 'character', id: character.id }, details);
      return audited({ characterPublicId: character.publicId, displayName: character.displayName }, note);
    });
  }
}
