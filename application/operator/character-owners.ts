import type { Operator } from '../../domain/operator/operator.ts';
import type { Character } from '../../domain/roster/character.ts';
import type { CharacterId, PersonId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited, unchanged } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { AccessRefusal } from './operator-access.ts';
import { writeWithinReach } from './operator-write.ts';

const subjectOf = (character: Character) => ({ type: 'character', id: character.id });

/**
 * **Approve** on the admin roster: a character waiting for approval (the organisation's
 * `characterApproval`) becomes active and may be linked. One already active is answered as it is,
 * writing nothing, so a second press is harmless; a retired one stays retired.
 */
export class ApproveCharacter {
  constructor(private readonly ports: Pick<Ports, 'characters' | 'writes'>) {}

  execute(input: { operator: Operator; characterId: CharacterId }): Promise<Outcome<Character, AccessRefusal | 'character_retired'>> {
    const load = () => this.ports.characters.get(input.characterId);
    return writeWithinReach(this.ports.writes, input.operator, 'roster.manage', load, async (character) => {
      if (character.status === 'active') return unchanged(character);
      if (!character.approve().ok) return refuse('character_retired');
      await this.ports.characters.save(character);
      return audited(character, auditNote(character.organisationId, 'character.approved', subjectOf(character)));
    });
  }
}

/**
 * **Move to account** on the admin roster: the character, its record and its vehicles pass to
 * another person of the same organisation. Its game identities are unlinked: they are the former
 * holder's game, and the new holder links their own. The per-person limit is the players' rule,
 * not the roster's, so a move may exceed it.
 */
export class MoveCharacter {
  constructor(private readonly ports: Pick<Ports, 'characters' | 'personMemberships' | 'identifierLinks' | 'writes'>) {}

  execute(input: {
    operator: Operator;
    characterId: CharacterId;
    personId: PersonId;
  }): Promise<Outcome<Character, AccessRefusal | 'unknown_person'>> {
    const load = () => this.ports.characters.get(input.characterId);
    return writeWithinReach(this.ports.writes, input.operator, 'roster.manage', load, async (character) => {
      const memberships = await this.ports.personMemberships.ofPerson(input.personId);
      if (!memberships.some((m) => m.organisationId === character.organisationId)) return refuse('unknown_person');
      const from = character.ownerPersonId;
      if (from === input.personId) return unchanged(character);
      character.moveTo(input.personId);
      await this.ports.characters.save(character);
      const links = await this.ports.identifierLinks.linksOf(character.organisationId, character.id);
      for (const link of links) await this.ports.identifierLinks.unlink(character.organisationId, character.id, link);
      const details = { from, to: input.personId, unlinked: links.map((l) => l.kind) };
      return audited(character, auditNote(character.organisationId, 'character.moved', subjectOf(character), details));
    });
  }
}
