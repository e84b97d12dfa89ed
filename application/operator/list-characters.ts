import type { Character } from '../../domain/roster/character.ts';
import type { CharacterId } from '../../domain/shared/ids.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { OrganisationPages } from './organisation-pages.ts';

/** A character as the roster lists it: with whether a game identity is linked to it. */
export interface ListedCharacter {
  readonly id: CharacterId;
  readonly character: Character;
  readonly linked: boolean;
}

/** The organisation's characters, oldest first, a page at a time, each saying whether it is linked (one read per page). */
export class ListCharacters extends OrganisationPages<ListedCharacter> {
  constructor(ports: Pick<Ports, 'organisations' | 'characters' | 'identifierLinks' | 'cursors'>) {
    super(ports.organisations, ports.cursors, 'operator.characters', 'roster.manage', async (filter, page) => {
      const characters = await ports.characters.page(filter.organisationId, page);
      const linked = await ports.identifierLinks.linkedAmong(
        filter.organisationId,
        characters.map((c) => c.id),
      );
      return characters.map((character) => ({ id: character.id, character, linked: linked.has(character.id) }));
    });
  }
}
