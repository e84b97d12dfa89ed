import { type Outcome, accept, refuse } from '../shared/outcome.ts';
import type { Civilian } from './civilian.ts';

/**
 * Picks the one civilian a name and date of birth describe, among those with the name: the only
 * one, or else the only one born that day. Never a guess: when several are born that day, or
 * none is but some have no recorded date (any of them may be the person), it is
 * `multiple_matches`; when nobody fits, `no_match`.
 */
export function resolveOnePerson(named: readonly Civilian[], dateOfBirth: string): Outcome<Civilian, 'no_match' | 'multiple_matches'> {
  if (named.length === 0) return refuse('no_match');
  if (named.length === 1) return accept(named[0]!);
  const born = named.filter((c) => c.dateOfBirth === dateOfBirth.trim());
  if (born.length === 1) return accept(born[0]!);
  if (born.length > 1) return refuse('multiple_matches');
  return named.some((c) => c.dateOfBirth === null) ? refuse('multiple_matches') : refuse('no_match');
}
