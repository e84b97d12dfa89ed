import type { CharacterId, CharacterPublicId, OrganisationId } from '../shared/ids.ts';
import { tidy } from '../shared/text.ts';
import type { DateOfBirth } from '../records/date-of-birth.ts';

export interface CharacterState {
  readonly id: CharacterId;
  /** The id shown to game resources; the internal id never leaves the service. */
  readonly publicId: CharacterPublicId;
  readonly organisationId: OrganisationId;
  readonly firstName: string;
  readonly lastName: string;
  readonly dateOfBirth: string | null;
  readonly createdAt: Date;
}

/** A player's persona in one organisation: the account that identifiers link to. */
export class Character {
  private constructor(private readonly state: CharacterState) {}

  static create(
    input: {
      id: CharacterId;
      publicId: CharacterPublicId;
      organisationId: OrganisationId;
      firstName: string;
      lastName: string;
      dateOfBirth?: DateOfBirth | null;
    },
    now: Date,
  ): Character {
    return new Character({
      id: input.id,
      publicId: input.publicId,
      organisationId: input.organisationId,
      firstName: tidy(input.firstName),
      lastName: tidy(input.lastName),
      dateOfBirth: input.dateOfBirth?.iso ?? null,
      createdAt: now,
    });
  }

  static restore(state: CharacterState): Character {
    return new Character(state);
  }

  /**
   * Splits the single name a game resource sends ("Jane Q Doe") into first and last names at the
   * last space, so the family name stays whole for the common two-part names.
   */
  static splitName(fullName: string): { firstName: string; lastName: string } {
    const name = tidy(fullName);
    const cut = name.lastIndexOf(' ');
    return cut < 0 ? { firstName: name, lastName: '' } : { firstName: name.slice(0, cut), lastName: name.slice(cut + 1) };
  }

  get id(): CharacterId {
    return this.state.id;
  }

  get publicId(): CharacterPublicId {
    return this.state.publicId;
  }

  get organisationId(): OrganisationId {
    return this.state.organisationId;
  }

  get displayName(): string {
    return tidy(`${this.state.firstName} ${this.state.lastName}`);
  }

  snapshot(): CharacterState {
    return this.state;
  }
}
