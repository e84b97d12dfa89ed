import { type Outcome, accept, refuse } from '../shared/outcome.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export type PasswordRefusal = 'password_too_short' | 'password_too_long' | 'password_too_common';

/**
 * NIST SP 800-63B for a new password: at least 8 characters and at most 128 (counted as Unicode
 * code points, spaces included), no composition rules, and not one of the commonly used ones
 * (`common`: the verdict of a list a maintained package ships).
 */
export function judgeNewPassword(password: string, common: boolean): Outcome<null, PasswordRefusal> {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return refuse('password_too_short');
  if (length > PASSWORD_MAX) return refuse('password_too_long');
  if (common) return refuse('password_too_common');
  return accept(null);
}
