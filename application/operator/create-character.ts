import type { Operator } from '../../domain/operator/operator.ts';
import { DateOfBirth } from '../../domain/records/date-of-birth.ts';
import { Character } from '../../domain/roster/character.ts';
import type { CharacterId, CharacterPublicId, OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, accept } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { AccessRefusal } from './operator-access.ts';
import { inOrganisation } from './organisation-writes.ts';

export interface CreateCharacterInput {
  readonly operator: Operator;
  readonly organisationId: OrganisationId;
  readonly firstName: string;
  readonly lastName: string;
  readonly dateOfBirth?: string | null;
}

/** Creates a player's character: the account that a link code later ties identifiers to. */
export class CreateCharacter {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'characters' | 'ids' | 'writes'>) {}

  execute(input: CreateCharacterInput): Promise<Outcome<Character, AccessRefusal | 'invalid_date_of_birth'>> {
    const parseDateOfBirth = () => (input.dateOfBirth ? DateOfBirth.parse(input.dateOfBirth) : accept(null));
    return inOrganisation(this.ports.organisations, this.ports.writes).write(
      input,
      'roster.manage',
      parseDateOfBirth,
      async (dateOfBirth, now) => {
        const { organisationId, firstName, lastName } = input;
        const ids = { id: this.ports.ids.next<CharacterId>(), publicId: this.ports.ids.next<CharacterPublicId>() };
        const character = Character.create({ ...ids, organisationId, firstName, lastName, dateOfBirth }, now);
        await this.ports.characters.save(character);
        return audited(
          character,
          auditNote(organisationId, 'character.created', { type: 'character', id: character.id }, { displayName: character.displayName }),
        );
      },
    );
  }
}
