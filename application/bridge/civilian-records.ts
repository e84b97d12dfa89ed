import { Civilian, civilianIdentityKey } from '../../domain/records/civilian.ts';
import type { DateOfBirth } from '../../domain/records/date-of-birth.ts';
import type { CivilianId, OrganisationId } from '../../domain/shared/ids.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { CivilianRepository } from '../ports/records-repositories.ts';

export interface PersonDescription {
  readonly firstName: string;
  readonly lastName: string;
  readonly dateOfBirth: DateOfBirth | null;
}

/** How many same-named civilians are read to decide on a match; more than this is never one person. */
const NAME_MATCH_WINDOW = 50;

/**
 * The civilian a bridge record is about. With a date of birth, an exact match is the same name
 * and the same date; without one, the same name only when exactly one civilian has it, because
 * an officer's record must never land on a guessed person. No match: a new civilian is registered.
 * Call it inside a unit of work: it holds the person until that ends, so concurrent records about
 * one new person register them once. `forUpdate`, for a write that changes the civilian found:
 * the same read holds the civilians of that name against other writers (no second read to lock).
 */
export async function findOrRegisterCivilian(
  civilians: CivilianRepository,
  ids: IdGenerator,
  organisationId: OrganisationId,
  person: PersonDescription,
  now: Date,
  options: { readonly forUpdate?: boolean } = {},
): Promise<{ civilian: Civilian; created: boolean }> {
  await civilians.holdIdentity(organisationId, civilianIdentityKey(person.firstName, person.lastName));
  const { firstName, lastName } = person;
  const named =
    options.forUpdate === true
      ? await civilians.findByNameForUpdate(organisationId, firstName, lastName, NAME_MATCH_WINDOW)
      : await civilians.findByName(organisationId, firstName, lastName, NAME_MATCH_WINDOW);
  const dateOfBirth = person.dateOfBirth?.iso ?? null;
  const matches = dateOfBirth === null ? (named.length === 1 ? named : []) : named.filter((c) => c.snapshot().dateOfBirth === dateOfBirth);
  const found = matches[0];
  if (found !== undefined) return { civilian: found, created: false };
  const civilian = Civilian.register({ id: ids.next<CivilianId>(), organisationId, ...person }, now);
  await civilians.save(civilian);
  return { civilian, created: true };
}
