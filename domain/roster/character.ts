import type { CharacterId, CharacterPublicId, CivilianId, OrganisationId, PersonId } from '../shared/ids.ts';
import { type Outcome, accept, refuse } from '../shared/outcome.ts';
import { tidy } from '../shared/text.ts';
import type { DateOfBirth } from '../records/date-of-birth.ts';

/** `pending` waits for a person with `roster.manage` to approve it; `retired` is kept for the records, never linked again. */
export const CHARACTER_STATUSES = ['active', 'pending', 'retired'] as const;
export type CharacterStatus = (typeof CHARACTER_STATUSES)[number];

export interface CharacterState {
  readonly id: CharacterId;
  /** The id shown to game resources; the internal id never leaves the service. */
  readonly publicId: CharacterPublicId;
  readonly organisationId: OrganisationId;
  readonly firstName: string;
  readonly lastName: string;
  readonly dateOfBirth: string | null;
  /** The person whose account holds this character; null for one the roster or `/duty` made. */
  readonly ownerPersonId: PersonId | null;
  readonly status: CharacterStatus;
  /** The civilian record that is this character in the records system (what lookups find); null when it has none. */
  readonly recordId: CivilianId | null;
  readonly createdAt: Date;
}

/** A player's persona in one organisation: the account that identifiers link to. */
export class Character {
  private constructor(private state: CharacterState) {}

  static create(
    input: {
      id: CharacterId;
      publicId: CharacterPublicId;
      organisationId: OrganisationId;
      firstName: string;
      lastName: string;
      dateOfBirth?: DateOfBirth | null;
      ownerPersonId?: PersonId | null;
      status?: CharacterStatus;
      recordId?: CivilianId | null;
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
      ownerPersonId: input.ownerPersonId ?? null,
      status: input.status ?? 'active',
      recordId: input.recordId ?? null,
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

  get status(): CharacterStatus {
    return this.state.status;
  }

  get ownerPersonId(): PersonId | null {
    return this.state.ownerPersonId;
  }

  get recordId(): CivilianId | null {
    return this.state.recordId;
  }

  /** Whether this is one of the person's own characters in the organisation. */
  isOwnedBy(personId: PersonId, organisationId: OrganisationId): boolean {
    return this.state.ownerPersonId === personId && this.state.organisationId === organisationId;
  }

  /** Whether game identifiers may be linked to it now (not waiting for approval, not retired). */
  get mayLink(): boolean {
    return this.state.status === 'active';
  }

  rename(firstName: string, lastName: string): Outcome<null, 'character_retired'> {
    if (this.state.status === 'retired') return refuse('character_retired');
    this.state = { ...this.state, firstName: tidy(firstName), lastName: tidy(lastName) };
    return accept(null);
  }

  retire(): Outcome<null, 'character_retired'> {
    if (this.state.status === 'retired') return refuse('character_retired');
    this.state = { ...this.state, status: 'retired' };
    return accept(null);
  }

  approve(): Outcome<null, 'not_pending'> {
    if (this.state.status !== 'pending') return refuse('not_pending');
    this.state = { ...this.state, status: 'active' };
    return accept(null);
  }

  /** Moves the character to another person's account (the roster's decision, not the player's). */
  moveTo(personId: PersonId): void {
    this.state = { ...this.state, ownerPersonId: personId };
  }

  snapshot(): CharacterState {
    return this.state;
  }
}
