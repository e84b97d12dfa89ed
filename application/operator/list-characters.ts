import type { Character } from '../../domain/roster/character.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { OrganisationPages } from './organisation-pages.ts';

/** The organisation's characters, oldest first, a page at a time. */
export class ListCharacters extends OrganisationPages<Character> {
  constructor(ports: Pick<Ports, 'organisations' | 'characters' | 'cursors'>) {
    super(ports.organisations, ports.cursors, 'operator.characters', 'roster.manage', (filter, page) =>
      ports.characters.page(filter.organisationId, page),
    );
  }
}
