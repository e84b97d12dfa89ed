import type { PersonId } from '../shared/ids.ts';

/** The ways a person proves who they are; each answers "which person is this". */
export type SignInKind = 'password';

/**
 * One sign-in method of a person: the kind, the subject it is found by (a username for a password),
 * and its secret in stored form (an argon2id hash; never the password).
 */
export interface SignInMethod {
  readonly personId: PersonId;
  readonly kind: SignInKind;
  readonly subject: string;
  readonly secret: string;
  readonly createdAt: Date;
}
