import { normaliseUsername } from '../../domain/people/person.ts';
import type { PersonId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { openSession } from './person-sessions.ts';
import { hasAuthenticator, sealedChallenge } from './two-step-sign-in.ts';

/** Wrong attempts one account may take in a window, whatever address they come from (the address has its own budget). */
export const ACCOUNT_ATTEMPTS = { limit: 10, windowSeconds: 15 * 60 } as const;

/** A new session: its id (for the cookie, never stored), whose it is, and when it ends at the latest. */
export interface SignedIn {
  readonly sessionId: string;
  readonly personId: PersonId;
  readonly displayName: string;
  readonly expiresAt: Date;
}

/** A right password of a person with an authenticator: the sealed pending sign-in the code must come with. */
export interface SecondStepNeeded {
  readonly secondStep: 'authenticator';
  readonly challenge: string;
}

export interface SignInInput {
  readonly username: string;
  readonly password: string;
  readonly userAgent: string;
}

export type SignInRefusal = 'invalid_credentials' | 'account_pending' | 'account_disabled' | 'too_many_attempts';

/**
 * `POST /auth/sign-in` with a username and password. An unknown name and a wrong password are one
 * refusal and do the same work (an argon2 verification either way), and the answer is paced like
 * the token exchange's. Only a person who gave the right password learns that their account waits
 * for approval or is disabled. Each account has a budget of attempts across every address and
 * instance; past it, `too_many_attempts` (with the seconds to wait) before any password is checked.
 */
export class SignInWithPassword {
  constructor(
    private readonly ports: Pick<
      Ports,
      | 'signInMethods'
      | 'people'
      | 'browserSessions'
      | 'passwords'
      | 'attempts'
      | 'hasher'
      | 'secrets'
      | 'settings'
      | 'pacer'
      | 'uow'
      | 'clock'
      | 'sealer'
      | 'otp'
    >,
  ) {}

  execute(input: SignInInput): Promise<Outcome<SignedIn | SecondStepNeeded, SignInRefusal> & { retryAfterSeconds?: number }> {
    return this.ports.pacer.pace(this.ports.settings.signInFloorMs, () => this.signIn(input));
  }

  private async signIn(input: SignInInput): Promise<Outcome<SignedIn | SecondStepNeeded, SignInRefusal> & { retryAfterSeconds?: number }> {
    const username = normaliseUsername(input.username);
    const subject = username.ok ? username.value : '';
    const budget = await this.ports.attempts.consume(`sign-in:${subject}`, ACCOUNT_ATTEMPTS.limit, ACCOUNT_ATTEMPTS.windowSeconds);
    if (!budget.allowed) return { ...refuse('too_many_attempts' as const), retryAfterSeconds: budget.resetSeconds };
    const method = subject === '' ? null : await this.ports.signInMethods.find('password', subject);
    if (method === null) {
      await this.ports.passwords.verifyNothing(input.password);
      return refuse('invalid_credentials');
    }
    if (!(await this.ports.passwords.verify(method.secret, input.password))) return refuse('invalid_credentials');
    const person = await this.ports.people.get(method.personId);
    if (person === null) return refuse('invalid_credentials');
    if (person.status === 'pending') return refuse('account_pending');
    if (person.status === 'disabled') return refuse('account_disabled');
    const now = this.ports.clock.now();
    // With an authenticator, the password alone opens nothing: the code comes next, with this challenge.
    if (await hasAuthenticator(this.ports, person.id))
      return accept({ secondStep: 'authenticator', challenge: sealedChallenge(this.ports, person.id, now) });
    const opened = await this.ports.uow.run(() => openSession(this.ports, person.id, input.userAgent, now));
    return accept({
      sessionId: opened.sessionId,
      personId: person.id,
      displayName: person.displayName,
      expiresAt: opened.session.snapshot().expiresAt,
    });
  }
}
