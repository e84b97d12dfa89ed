import type { Character } from '../../domain/roster/character.ts';
import type { CursorCodec } from '../ports/cursor-codec.ts';
import type { OrganisationRepository } from '../ports/organisation-repositories.ts';
import type { CharacterRepository } from '../ports/roster-repositories.ts';
import { OrganisationPages } from './organisation-pages.ts';

/** The organisation's characters, oldest first, a page at a time. */
export class ListCharacters extends OrganisationPages<Character> {
  constructor(organisations: OrganisationRepository, characters: CharacterRepository, cursors: CursorCodec) {
    super(organisations, cursors, 'operator.characters', 'roster.manage', (filter, page) => characters.page(filter.organisationId, page));
  }
}
