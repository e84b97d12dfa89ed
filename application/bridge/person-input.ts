import { DateOfBirth } from '../../domain/records/date-of-birth.ts';
import { type Outcome, accept } from '../../domain/shared/outcome.ts';
import type { PersonDescription } from './civilian-records.ts';
import type { PlayerRequest } from './player-writes.ts';

/** A person as a game resource describes one: names, and a date of birth that must be a real `YYYY-MM-DD`. */
export interface PersonInput {
  readonly firstName: string;
  readonly lastName: string;
  readonly dateOfBirth?: string;
}

/** A bridge request about a person a player plays or meets, with a date of birth. */
export interface PersonRequest extends PlayerRequest {
  readonly civilian: PersonInput & { readonly dateOfBirth: string };
}

export function describePerson(input: PersonInput): Outcome<PersonDescription, 'invalid_date_of_birth'> {
  if (input.dateOfBirth === undefined) return accept({ firstName: input.firstName, lastName: input.lastName, dateOfBirth: null });
  const dateOfBirth = DateOfBirth.parse(input.dateOfBirth);
  if (!dateOfBirth.ok) return dateOfBirth;
  return accept({ firstName: input.firstName, lastName: input.lastName, dateOfBirth: dateOfBirth.value });
}
