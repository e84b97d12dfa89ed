import type { PersonOperator } from '../../domain/people/person-operator.ts';
import type { Character, CharacterStatus } from '../../domain/roster/character.ts';
import type { PlayerIdentifier } from '../../domain/roster/player-identifiers.ts';
import type { CharacterId, CharacterPublicId, CivilianId, DepartmentId, OrganisationId, UnitId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';

export interface MyMembership {
  readonly departmentId: DepartmentId;
  readonly departmentName: string;
  readonly unitId: UnitId;
  /** Null while the roster has given no callsign. */
  readonly callsign: string | null;
}

export interface MyCharacter {
  readonly characterId: CharacterId;
  readonly characterPublicId: CharacterPublicId;
  readonly firstName: string;
  readonly lastName: string;
  readonly displayName: string;
  readonly dateOfBirth: string | null;
  readonly status: CharacterStatus;
  /** The civilian record that lookups and the MDT find. */
  readonly recordId: CivilianId | null;
  readonly links: readonly PlayerIdentifier[];
  readonly memberships: readonly MyMembership[];
}

export interface MyCharacters {
  readonly organisationId: OrganisationId;
  readonly rules: { readonly charactersPerPerson: number; readonly characterApproval: boolean; readonly trustedIdentityLink: boolean };
  readonly characters: readonly MyCharacter[];
}

/** `/account/`'s characters in one organisation: one's own, each with its record, game identities and roster place. */
export class ReadMyCharacters {
  constructor(
    private readonly ports: Pick<Ports, 'organisations' | 'characters' | 'identifierLinks' | 'memberships' | 'units' | 'departments'>,
  ) {}

  async execute(input: { person: PersonOperator; organisationId: OrganisationId }): Promise<Outcome<MyCharacters, 'not_found'>> {
    const { person, organisationId } = input;
    const organisation = person.reaches(organisationId) ? await this.ports.organisations.get(organisationId) : null;
    if (organisation === null) return refuse('not_found');
    const owned = await this.ports.characters.ownedBy(organisationId, person.personId);
    const characters = [];
    for (const character of owned) characters.push(await this.describe(character));
    const { charactersPerPerson, characterApproval, trustedIdentityLink } = organisation.settings;
    return accept({ organisationId, rules: { charactersPerPerson, characterApproval, trustedIdentityLink }, characters });
  }

  async describe(character: Character): Promise<MyCharacter> {
    const { id, publicId, firstName, lastName, dateOfBirth, status, recordId, organisationId } = character.snapshot();
    const links = (await this.ports.identifierLinks.linksOf(organisationId, id)).map(({ kind, value }) => ({ kind, value }));
    const memberships = [];
    for (const m of await this.ports.memberships.ofCharacter(id)) {
      const [department, unit] = [await this.ports.departments.get(m.departmentId), await this.ports.units.get(m.unitId)];
      memberships.push({
        departmentId: m.departmentId,
        departmentName: department?.snapshot().name ?? '',
        unitId: m.unitId,
        callsign: unit?.snapshot().callsign ?? null,
      });
    }
    return {
      characterId: id,
      characterPublicId: publicId,
      firstName,
      lastName,
      displayName: character.displayName,
      dateOfBirth,
      status,
      recordId,
      links,
      memberships,
    };
  }
}
