import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import { DateOfBirth } from '../../domain/records/date-of-birth.ts';
import { Character } from '../../domain/roster/character.ts';
import type { CharacterId, CharacterPublicId, OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { type AuditedWrites, audited } from '../audit/audited-writes.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { OrganisationRepository } from '../ports/organisation-repositories.ts';
import type { CharacterRepository } from '../ports/roster-repositories.ts';
import { type AccessRefusal, authorise, operatorActor } from './operator-access.ts';

export interface CreateCharacterInput {
  readonly operator: OperatorKey;
  readonly organisationId: OrganisationId;
  readonly firstName: string;
  readonly lastName: string;
  readonly dateOfBirth?: string | null;
}

/** Creates a player's character: the account that a link code later ties identifiers to. */
export class CreateCharacter {
  constructor(
    private readonly organisations: OrganisationRepository,
    private readonly characters: CharacterRepository,
    private readonly ids: IdGenerator,
    private readonly writes: AuditedWrites,
  ) {}

  async execute(input: CreateCharacterInput): Promise<Outcome<Character, AccessRefusal | 'invalid_date_of_birth'>> {
    const access = authorise(input.operator, 'roster.manage', input.organisationId);
    if (!access.ok) return access;
    const dateOfBirth = input.dateOfBirth ? DateOfBirth.parse(input.dateOfBirth) : null;
    if (dateOfBirth && !dateOfBirth.ok) return dateOfBirth;
    return this.writes.run(operatorActor(input.operator), async (now) => {
      if ((await this.organisations.get(input.organisationId)) === null) return refuse('not_found');
      const character = Character.create(
        {
          id: this.ids.next<CharacterId>(),
          publicId: this.ids.next<CharacterPublicId>(),
          organisationId: input.organisationId,
          firstName: input.firstName,
          lastName: input.lastName,
          dateOfBirth: dateOfBirth?.value ?? null,
        },
        now,
      );
      await this.characters.save(character);
      return audited(character, {
        organisationId: input.organisationId,
        action: 'character.created',
        subject: { type: 'character', id: character.id },
        details: { displayName: character.displayName },
      });
    });
  }
}
