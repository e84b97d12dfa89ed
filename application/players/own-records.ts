import type { AuditActor } from '../../domain/audit/audit-entry.ts';
import type { PersonOperator } from '../../domain/people/person-operator.ts';
import type { Character } from '../../domain/roster/character.ts';
import type { CharacterId } from '../../domain/shared/ids.ts';
import type { CharacterRepository } from '../ports/roster-repositories.ts';

/** A person acting on their own characters and vehicles, as the audit log names them. */
export function personActor(person: PersonOperator): AuditActor {
  return { kind: 'person', id: person.personId, label: person.displayName };
}

/**
 * One of the person's own characters, in an organisation they still belong to; anyone else's, or
 * one of an organisation they left, is null (the routes answer 404, as for one that does not exist).
 */
export async function ownCharacter(
  characters: Pick<CharacterRepository, 'get'>,
  person: PersonOperator,
  characterId: CharacterId,
): Promise<Character | null> {
  const character = await characters.get(characterId);
  if (character === null || !person.reaches(character.organisationId)) return null;
  return character.isOwnedBy(person.personId, character.organisationId) ? character : null;
}
