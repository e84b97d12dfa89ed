import type { PersonStatus } from './person.ts';
import type { RoleName } from './role.ts';

/**
 * How someone without an invitation enters an organisation: not at all (`invitation`, the default),
 * as a person waiting on the organisation's list for approval (`approval`: a whitelist), or at once
 * (`open`). An invitation always admits, whatever the rule.
 */
export const JOIN_RULES = ['invitation', 'approval', 'open'] as const;
export type JoinRule = (typeof JOIN_RULES)[number];

/** The role a newcomer without an invitation gets: the least; an admin raises it. */
export const NEWCOMER_ROLE: RoleName = 'civilian';

/** The state a new account starts in when it joins by the rule, or null when the rule admits nobody uninvited. */
export function newcomerStatus(rule: JoinRule): Extract<PersonStatus, 'active' | 'pending'> | null {
  if (rule === 'open') return 'active';
  if (rule === 'approval') return 'pending';
  return null;
}
