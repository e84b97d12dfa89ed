import type { CharacterId, CivilianId, OrganisationId } from '../shared/ids.ts';
import { type Outcome, accept, refuse } from '../shared/outcome.ts';
import { nameKey, tidy } from '../shared/text.ts';
import type { DateOfBirth } from './date-of-birth.ts';

export const DEFAULT_LICENSE_STATUS = 'VALID';

export interface CivilianState {
  readonly id: CivilianId;
  readonly organisationId: OrganisationId;
  readonly firstName: string;
  readonly lastName: string;
  readonly dateOfBirth: string | null;
  readonly licenseStatus: string;
  /** The character that claimed this civilian as its own, if any. */
  readonly claimedBy: CharacterId | null;
  readonly createdAt: Date;
}

/** What an operator may change of a civilian record; a field left out stays as it is. */
export interface CivilianChange {
  readonly firstName?: string;
  readonly lastName?: string;
  /** A new date of birth, or null for none known. */
  readonly dateOfBirth?: DateOfBirth | null;
  readonly licenseStatus?: string;
}

/**
 * What find-or-register serialises on: the name as compared. Dates of birth are left out so that a
 * record with a date and one without, about the same name, also queue behind each other.
 */
export function civilianIdentityKey(firstName: string, lastName: string): string {
  return JSON.stringify([nameKey(firstName), nameKey(lastName)]);
}

/** A person in the records system. Names match exactly, ignoring case and extra spaces. */
export class Civilian {
  private constructor(private state: CivilianState) {}

  static register(
    input: {
      id: CivilianId;
      organisationId: OrganisationId;
      firstName: string;
      lastName: string;
      dateOfBirth: DateOfBirth | null;
      licenseStatus?: string;
    },
    now: Date,
  ): Civilian {
    return new Civilian({
      id: input.id,
      organisationId: input.organisationId,
      firstName: tidy(input.firstName),
      lastName: tidy(input.lastName),
      dateOfBirth: input.dateOfBirth?.iso ?? null,
      licenseStatus: input.licenseStatus ?? DEFAULT_LICENSE_STATUS,
      claimedBy: null,
      createdAt: now,
    });
  }

  static restore(state: CivilianState): Civilian {
    return new Civilian(state);
  }

  get id(): CivilianId {
    return this.state.id;
  }
  get organisationId(): OrganisationId {
    return this.state.organisationId;
  }

  get displayName(): string {
    return tidy(`${this.state.firstName} ${this.state.lastName}`);
  }

  get dateOfBirth(): string | null {
    return this.state.dateOfBirth;
  }

  get claimedBy(): CharacterId | null {
    return this.state.claimedBy;
  }

  isNamed(firstName: string, lastName: string): boolean {
    return nameKey(this.state.firstName) === nameKey(firstName) && nameKey(this.state.lastName) === nameKey(lastName);
  }

  /** A player claims this civilian as their own; claiming one's own again is harmless. */
  claim(by: CharacterId): Outcome<null, 'already_claimed'> {
    if (this.state.claimedBy !== null && this.state.claimedBy !== by) return refuse('already_claimed');
    this.state = { ...this.state, claimedBy: by };
    return accept(null);
  }

  /** The record follows its character's new name (a player renames their own character). */
  rename(firstName: string, lastName: string): void {
    this.state = { ...this.state, firstName: tidy(firstName), lastName: tidy(lastName) };
  }

  /**
   * An operator corrects the record (decision 0145). A claimed record's name is its character's,
   * which the player keeps (`rename`): changing it here is `claimed_record`, while its date of
   * birth and licence status are the records' own. Answers whether anything changed.
   */
  amend(change: CivilianChange): Outcome<boolean, 'claimed_record'> {
    const firstName = change.firstName === undefined ? this.state.firstName : tidy(change.firstName);
    const lastName = change.lastName === undefined ? this.state.lastName : tidy(change.lastName);
    const renamed = firstName !== this.state.firstName || lastName !== this.state.lastName;
    if (renamed && this.state.claimedBy !== null) return refuse('claimed_record');
    const next: CivilianState = {
      ...this.state,
      firstName,
      lastName,
      dateOfBirth: change.dateOfBirth === undefined ? this.state.dateOfBirth : (change.dateOfBirth?.iso ?? null),
      licenseStatus: change.licenseStatus ?? this.state.licenseStatus,
    };
    const changed = renamed || next.dateOfBirth !== this.state.dateOfBirth || next.licenseStatus !== this.state.licenseStatus;
    this.state = next;
    return accept(changed);
  }

  snapshot(): CivilianState {
    return this.state;
  }
}
