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

  snapshot(): CivilianState {
    return this.state;
  }
}
