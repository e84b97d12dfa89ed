import type { PersonOperator } from '../../domain/people/person-operator.ts';
import { Civilian } from '../../domain/records/civilian.ts';
import { DateOfBirth } from '../../domain/records/date-of-birth.ts';
import { Character } from '../../domain/roster/character.ts';
import type { IdentifierKind } from '../../domain/roster/player-identifiers.ts';
import type { CharacterId, CharacterPublicId, CivilianId, OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited, unchanged } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { ownCharacter, personActor } from './own-records.ts';

export interface CreateMyCharacterInput {
  readonly person: PersonOperator;
  readonly organisationId: OrganisationId;
  readonly firstName: string;
  readonly lastName: string;
  readonly dateOfBirth?: string | null;
}

export type CreateMyCharacterRefusal = 'not_found' | 'invalid_date_of_birth' | 'character_limit_reached';

/**
 * A player creates a civilian character of their own, within the organisation's rules: at most
 * `charactersPerPerson` that are not retired, and waiting for approval when `characterApproval`
 * says so. Its civilian record is made with it, so lookups find it at once. Two creations at once
 * are counted one after the other (the owner is held for the transaction).
 */
export class CreateMyCharacter {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'characters' | 'civilians' | 'ids' | 'writes'>) {}

  async execute(input: CreateMyCharacterInput): Promise<Outcome<Character, CreateMyCharacterRefusal>> {
    const { person, organisationId } = input;
    const born = input.dateOfBirth ? DateOfBirth.parse(input.dateOfBirth) : accept(null);
    if (!born.ok) return born;
    if (!person.reaches(organisationId)) return refuse('not_found');
    return this.ports.writes.run(personActor(person), async (now) => {
      const organisation = await this.ports.organisations.get(organisationId);
      if (organisation === null) return refuse('not_found');
      await this.ports.characters.holdOwner(organisationId, person.personId);
      const held = (await this.ports.characters.ownedBy(organisationId, person.personId)).filter((c) => c.status !== 'retired');
      if (held.length >= organisation.settings.charactersPerPerson) return refuse('character_limit_reached');
      const names = { firstName: input.firstName, lastName: input.lastName };
      const record = Civilian.register({ id: this.ports.ids.next<CivilianId>(), organisationId, ...names, dateOfBirth: born.value }, now);
      await this.ports.civilians.save(record);
      const character = Character.create(
        {
          id: this.ports.ids.next<CharacterId>(),
          publicId: this.ports.ids.next<CharacterPublicId>(),
          organisationId,
          ...names,
          dateOfBirth: born.value,
          ownerPersonId: person.personId,
          status: organisation.settings.characterApproval ? 'pending' : 'active',
          recordId: record.id,
        },
        now,
      );
      await this.ports.characters.save(character);
      record.claim(character.id);
      await this.ports.civilians.save(record);
      const details = { displayName: character.displayName, status: character.status, recordId: record.id };
      return audited(character, auditNote(organisationId, 'character.created', { type: 'character', id: character.id }, details));
    });
  }
}

/** A player renames their own character (and its civilian record with it); a retired one keeps its name. */
export class RenameMyCharacter {
  constructor(private readonly ports: Pick<Ports, 'characters' | 'civilians' | 'writes'>) {}

  execute(input: { person: PersonOperator; characterId: CharacterId; firstName: string; lastName: string }) {
    return this.ports.writes.run(personActor(input.person), async () => {
      const character = await ownCharacter(this.ports.characters, input.person, input.characterId);
      if (character === null) return refuse('not_found');
      const before = character.displayName;
      const renamed = character.rename(input.firstName, input.lastName);
      if (!renamed.ok) return renamed;
      if (character.displayName === before) return unchanged(character);
      await this.ports.characters.save(character);
      const record = character.recordId === null ? null : await this.ports.civilians.get(character.recordId);
      if (record !== null) {
        record.rename(input.firstName, input.lastName);
        await this.ports.civilians.save(record);
      }
      const subject = { type: 'character', id: character.id };
      return audited(
        character,
        auditNote(character.organisationId, 'character.renamed', subject, { before, after: character.displayName }),
      );
    });
  }
}

/**
 * A player retires their own character: it stays in the records (its vehicles, its history), its
 * game identities are unlinked, and it is never linked again.
 */
export class RetireMyCharacter {
  constructor(private readonly ports: Pick<Ports, 'characters' | 'identifierLinks' | 'writes'>) {}

  execute(input: { person: PersonOperator; characterId: CharacterId }) {
    return this.ports.writes.run(personActor(input.person), async () => {
      const character = await ownCharacter(this.ports.characters, input.person, input.characterId);
      if (character === null) return refuse('not_found');
      const retired = character.retire();
      if (!retired.ok) return unchanged(character);
      await this.ports.characters.save(character);
      const links = await this.ports.identifierLinks.linksOf(character.organisationId, character.id);
      for (const link of links) await this.ports.identifierLinks.unlink(character.organisationId, character.id, link);
      const subject = { type: 'character', id: character.id };
      return audited(character, auditNote(character.organisationId, 'character.retired', subject, { unlinked: links.map((l) => l.kind) }));
    });
  }
}

/** A player unlinks one game identity from their own character; the game's next call finds it unlinked. */
export class UnlinkMyIdentifier {
  constructor(private readonly ports: Pick<Ports, 'characters' | 'identifierLinks' | 'writes'>) {}

  execute(input: { person: PersonOperator; characterId: CharacterId; kind: IdentifierKind; value: string }) {
    return this.ports.writes.run(
      personActor(input.person),
      async (): Promise<Outcome<never, 'not_found'> | ReturnType<typeof audited<Character>>> => {
        const character = await ownCharacter(this.ports.characters, input.person, input.characterId);
        if (character === null) return refuse('not_found');
        const { kind, value } = input;
        if (!(await this.ports.identifierLinks.unlink(character.organisationId, character.id, { kind, value }))) return refuse('not_found');
        const subject = { type: 'character', id: character.id };
        return audited(character, auditNote(character.organisationId, 'identity.unlinked', subject, { identifier: kind }));
      },
    );
  }
}
