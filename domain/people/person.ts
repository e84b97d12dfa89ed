import type { PersonId } from '../shared/ids.ts';
import { type Outcome, accept, refuse } from '../shared/outcome.ts';
import { tidy } from '../shared/text.ts';

/** `active` may sign in and act; `pending` waits for an organisation's approval; `disabled` is cut off everywhere. */
export type PersonStatus = 'active' | 'pending' | 'disabled';

export interface PersonState {
  readonly id: PersonId;
  readonly displayName: string;
  /** Lower-case; null for a person who signs in only by other methods. */
  readonly username: string | null;
  readonly status: PersonStatus;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A username: 3 to 32 of a-z, 0-9, `.`, `_`, `-`, compared without case. */
const USERNAME = /^[a-z0-9._-]{3,32}$/;

export type NameRefusal = 'invalid_username' | 'invalid_display_name';

export function normaliseUsername(typed: string): Outcome<string, 'invalid_username'> {
  const username = typed.trim().toLowerCase();
  return USERNAME.test(username) ? accept(username) : refuse('invalid_username');
}

export function normaliseDisplayName(typed: string): Outcome<string, 'invalid_display_name'> {
  const name = tidy(typed);
  return name.length >= 1 && [...name].length <= 100 ? accept(name) : refuse('invalid_display_name');
}

/**
 * A person who uses the CAD's screens: an account, apart from the characters they play (what game
 * identifiers link to) and from credentials (machines). Rights come from memberships with roles.
 */
export class Person {
  private constructor(private state: PersonState) {}

  static register(input: { id: PersonId; displayName: string; username: string | null; status: PersonStatus }, now: Date): Person {
    return new Person({ ...input, createdAt: now, updatedAt: now });
  }

  static restore(state: PersonState): Person {
    return new Person(state);
  }

  get id(): PersonId {
    return this.state.id;
  }
  get displayName(): string {
    return this.state.displayName;
  }
  get status(): PersonStatus {
    return this.state.status;
  }
  get isActive(): boolean {
    return this.state.status === 'active';
  }

  rename(displayName: string, now: Date): void {
    this.state = { ...this.state, displayName, updatedAt: now };
  }

  setStatus(status: PersonStatus, now: Date): void {
    if (this.state.status !== status) this.state = { ...this.state, status, updatedAt: now };
  }

  snapshot(): PersonState {
    return this.state;
  }
}
