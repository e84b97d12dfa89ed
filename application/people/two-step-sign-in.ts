import type { PersonOperator } from '../../domain/people/person-operator.ts';
import type { SignInMethod } from '../../domain/people/sign-in-method.ts';
import { linkCodeFromRandom, normaliseLinkCode, LINK_CODE_LENGTH } from '../../domain/roster/link-code.ts';
import type { PersonId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { openSession } from './person-sessions.ts';
import type { SignedIn } from './sign-in-with-password.ts';

/** How many recovery codes an authenticator comes with; each works once, instead of a code. */
export const RECOVERY_CODES = 10;
/** How long the second step may wait after the password: a pending sign-in, sealed, in the browser. */
export const SECOND_STEP_TTL_MS = 5 * 60 * 1000;
/** Codes one person may try at the second step in a window, whatever address they come from. */
export const SECOND_STEP_ATTEMPTS = { limit: 5, windowSeconds: 15 * 60 } as const;

/** What the sealed secret of a `totp` method holds: the key, whether it is on, and the last step used. */
interface Authenticator {
  readonly secret: string;
  readonly on: boolean;
  readonly lastStep: number;
}

type Deps = Pick<Ports, 'signInMethods' | 'sealer' | 'otp'>;

function authenticatorOf(deps: Deps, method: SignInMethod | null): Authenticator | null {
  const opened = method === null ? null : deps.sealer.open(method.secret);
  return opened === null ? null : (JSON.parse(opened) as Authenticator);
}

const recoverySubject = (ports: Pick<Ports, 'hasher'>, personId: PersonId, code: string) =>
  `${personId}:${ports.hasher.hash(normaliseLinkCode(code))}`;

/** Whether the person has an authenticator turned on: then a password alone opens no session. */
export async function hasAuthenticator(deps: Deps, personId: PersonId): Promise<boolean> {
  return authenticatorOf(deps, await deps.signInMethods.find('totp', personId))?.on === true;
}

/**
 * `POST /account/authenticator`: a new authenticator key for the signed-in person, shown once as
 * text and as an `otpauth://` address; it counts only once a code from it is confirmed.
 */
export class StartAuthenticator {
  constructor(private readonly ports: Pick<Ports, 'signInMethods' | 'sealer' | 'otp' | 'people' | 'clock' | 'uow'>) {}

  execute(input: { person: PersonOperator }): Promise<Outcome<{ secret: string; address: string }, 'already_on'>> {
    const { personId } = input.person;
    return this.ports.uow.run(async () => {
      if (authenticatorOf(this.ports, await this.ports.signInMethods.findForUpdate('totp', personId))?.on) return refuse('already_on');
      const secret = this.ports.otp.newSecret();
      const sealed = this.ports.sealer.seal(JSON.stringify({ secret, on: false, lastStep: 0 } satisfies Authenticator));
      await this.ports.signInMethods.save({ personId, kind: 'totp', subject: personId, secret: sealed, createdAt: this.ports.clock.now() });
      const person = await this.ports.people.get(personId);
      const account = person?.snapshot().username ?? input.person.displayName;
      return accept({ secret, address: this.ports.otp.address(secret, account) });
    });
  }
}

/**
 * `POST /account/authenticator/confirm`: a code from the new authenticator turns it on, and the
 * person gets their recovery codes, shown this once (only their keyed hashes are kept).
 */
export class TurnOnAuthenticator {
  constructor(private readonly ports: Pick<Ports, 'signInMethods' | 'sealer' | 'otp' | 'hasher' | 'secrets' | 'clock' | 'uow'>) {}

  execute(input: {
    person: PersonOperator;
    code: string;
  }): Promise<Outcome<{ recoveryCodes: string[] }, 'invalid_code' | 'not_started' | 'already_on'>> {
    const { personId } = input.person;
    return this.ports.uow.run(async () => {
      const now = this.ports.clock.now();
      const method = await this.ports.signInMethods.findForUpdate('totp', personId);
      const authenticator = authenticatorOf(this.ports, method);
      if (method === null || authenticator === null) return refuse('not_started');
      if (authenticator.on) return refuse('already_on');
      const step = this.ports.otp.stepOf(authenticator.secret, input.code.trim(), now);
      if (step === null) return refuse('invalid_code');
      const turnedOn: Authenticator = { ...authenticator, on: true, lastStep: step };
      await this.ports.signInMethods.save({ ...method, secret: this.ports.sealer.seal(JSON.stringify(turnedOn)), createdAt: now });
      const recoveryCodes = Array.from({ length: RECOVERY_CODES }, () =>
        linkCodeFromRandom(this.ports.secrets.randomBytes(LINK_CODE_LENGTH)),
      );
      for (const code of recoveryCodes)
        await this.ports.signInMethods.save({
          personId,
          kind: 'recovery',
          subject: recoverySubject(this.ports, personId, code),
          secret: '-',
          createdAt: now,
        });
      return accept({ recoveryCodes });
    });
  }
}

/**
 * `POST /account/authenticator/off`: with a code of the authenticator (or a recovery code), the
 * person turns two-step sign-in off; the key and every recovery code are removed.
 */
export class TurnOffAuthenticator {
  constructor(private readonly ports: Pick<Ports, 'signInMethods' | 'sealer' | 'otp' | 'hasher' | 'clock' | 'uow'>) {}

  execute(input: { person: PersonOperator; code: string }): Promise<Outcome<null, 'invalid_code' | 'not_on'>> {
    const { personId } = input.person;
    const code = input.code.trim();
    return this.ports.uow.run(async () => {
      const method = await this.ports.signInMethods.findForUpdate('totp', personId);
      const authenticator = authenticatorOf(this.ports, method);
      if (authenticator === null || !authenticator.on) return refuse('not_on');
      const step = /^[0-9]{6}$/.test(code) ? this.ports.otp.stepOf(authenticator.secret, code, this.ports.clock.now()) : null;
      const proven =
        (step !== null && step > authenticator.lastStep) ||
        (step === null && (await this.ports.signInMethods.remove('recovery', recoverySubject(this.ports, personId, code))));
      if (!proven) return refuse('invalid_code');
      for (const owned of await this.ports.signInMethods.ofPerson(personId))
        if (owned.kind === 'totp' || owned.kind === 'recovery') await this.ports.signInMethods.remove(owned.kind, owned.subject);
      return accept(null);
    });
  }
}

/** The pending sign-in a browser holds between the password and the code. */
export function sealedChallenge(ports: Pick<Ports, 'sealer'>, personId: PersonId, now: Date): string {
  return ports.sealer.seal(JSON.stringify({ personId, until: now.getTime() + SECOND_STEP_TTL_MS }));
}

export type SecondStepRefusal = 'invalid_code' | 'too_many_attempts' | 'account_disabled';

/**
 * `POST /auth/sign-in/second-step`: the code of the person's authenticator (each 30-second code
 * once), or one of their recovery codes (each once), after the password; then the session. A
 * challenge that is altered, expired or of no active person, and a wrong code, are one refusal.
 */
export class SignInSecondStep {
  constructor(
    private readonly ports: Pick<
      Ports,
      | 'signInMethods'
      | 'sealer'
      | 'otp'
      | 'hasher'
      | 'people'
      | 'browserSessions'
      | 'secrets'
      | 'attempts'
      | 'settings'
      | 'pacer'
      | 'clock'
      | 'uow'
    >,
  ) {}

  execute(input: {
    challenge: string;
    code: string;
    userAgent: string;
  }): Promise<Outcome<SignedIn, SecondStepRefusal> & { retryAfterSeconds?: number }> {
    return this.ports.pacer.pace(this.ports.settings.signInFloorMs, () => this.step(input));
  }

  private async step(input: {
    challenge: string;
    code: string;
    userAgent: string;
  }): Promise<Outcome<SignedIn, SecondStepRefusal> & { retryAfterSeconds?: number }> {
    const now = this.ports.clock.now();
    const opened = this.ports.sealer.open(input.challenge);
    const pending = opened === null ? null : (JSON.parse(opened) as { personId: PersonId; until: number });
    if (pending === null || pending.until <= now.getTime()) return refuse('invalid_code');
    const budget = await this.ports.attempts.consume(
      `second-step:${pending.personId}`,
      SECOND_STEP_ATTEMPTS.limit,
      SECOND_STEP_ATTEMPTS.windowSeconds,
    );
    if (!budget.allowed) return { ...refuse('too_many_attempts' as const), retryAfterSeconds: budget.resetSeconds };
    const person = await this.ports.people.get(pending.personId);
    if (person === null) return refuse('invalid_code');
    if (!person.isActive) return refuse('account_disabled');
    const code = input.code.trim();
    return this.ports.uow.run(async () => {
      const passed = /^[0-9]{6}$/.test(code)
        ? await this.authenticatorCode(person.id, code, now)
        : await this.ports.signInMethods.remove('recovery', recoverySubject(this.ports, person.id, code));
      if (!passed) return refuse('invalid_code');
      const { sessionId, session } = await openSession(this.ports, person.id, input.userAgent, now);
      return accept({ sessionId, personId: person.id, displayName: person.displayName, expiresAt: session.snapshot().expiresAt });
    });
  }

  /** The code of the person's authenticator, newer than the last one used (a code works once). */
  private async authenticatorCode(personId: PersonId, code: string, now: Date): Promise<boolean> {
    const method = await this.ports.signInMethods.findForUpdate('totp', personId);
    const authenticator = authenticatorOf(this.ports, method);
    if (method === null || authenticator === null || !authenticator.on) return false;
    const step = this.ports.otp.stepOf(authenticator.secret, code, now);
    if (step === null || step <= authenticator.lastStep) return false;
    await this.ports.signInMethods.save({
      ...method,
      secret: this.ports.sealer.seal(JSON.stringify({ ...authenticator, lastStep: step })),
    });
    return true;
  }
}
