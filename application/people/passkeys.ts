import {
  type Passkey,
  type RelyingParty,
  counterAccepted,
  normalisePasskeyName,
  passkeyMethod,
  passkeyOf,
  relyingPartyOf,
} from '../../domain/people/passkey.ts';
import type { PersonOperator } from '../../domain/people/person-operator.ts';
import type { PersonId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { CredentialResponse } from '../ports/passkeys.ts';
import { UniqueConstraintViolation } from '../ports/persistence-errors.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { openSession } from './person-sessions.ts';
import type { SignInRefusal, SignedIn } from './sign-in-with-password.ts';

/** How long a ceremony's options stay good: the browser's own timeout for the person at the authenticator. */
export const PASSKEY_CEREMONY_TTL_MS = 5 * 60 * 1000;

type Purpose = 'register' | 'sign-in';

/**
 * A ceremony in flight, sealed and held by the browser (so every instance can finish it): what it
 * is for, the challenge, the page's origin, whose it is (registration), and its deadline.
 */
interface Ceremony {
  readonly purpose: Purpose;
  readonly challenge: string;
  readonly origin: string;
  readonly personId: PersonId | null;
  readonly until: number;
}

/** A started ceremony: the sealed state to send back, and the options for `navigator.credentials`. */
export interface CeremonyStarted {
  readonly ceremony: string;
  readonly options: Readonly<Record<string, unknown>>;
}

/** A passkey as its owner's page lists it. */
export interface PasskeyView {
  readonly passkeyId: string;
  readonly name: string;
  readonly createdAt: Date;
}

const viewOf = (p: Passkey): PasskeyView => ({ passkeyId: p.id, name: p.name, createdAt: new Date(p.createdAt) });

function seal(ports: Pick<Ports, 'sealer' | 'clock'>, purpose: Purpose, rp: RelyingParty, challenge: string, personId: PersonId | null) {
  const until = ports.clock.now().getTime() + PASSKEY_CEREMONY_TTL_MS;
  return ports.sealer.seal(JSON.stringify({ purpose, challenge, origin: rp.origin, personId, until } satisfies Ceremony));
}

/**
 * The ceremony the browser sent back, when it is this installation's, for this purpose, page and
 * person, in time, and not used before: its challenge is spent here, once, on every instance that shares
 * the attempt budgets, so a replayed answer or a reused challenge signs nobody in.
 */
async function spend(
  ports: Pick<Ports, 'sealer' | 'clock' | 'attempts' | 'hasher'>,
  sealed: string,
  purpose: Purpose,
  rp: RelyingParty,
  personId: PersonId | null,
): Promise<Ceremony | null> {
  const opened = ports.sealer.open(sealed);
  const ceremony = opened === null ? null : (JSON.parse(opened) as Ceremony);
  if (ceremony === null || ceremony.purpose !== purpose || ceremony.origin !== rp.origin || ceremony.personId !== personId) return null;
  if (ceremony.until <= ports.clock.now().getTime()) return null;
  const windowSeconds = PASSKEY_CEREMONY_TTL_MS / 1000 + 60;
  const once = await ports.attempts.consume(`passkey-ceremony:${ports.hasher.hash(ceremony.challenge)}`, 1, windowSeconds);
  return once.allowed ? ceremony : null;
}

const passkeysOf = async (ports: Pick<Ports, 'signInMethods'>, personId: PersonId) =>
  (await ports.signInMethods.ofPerson(personId))
    .filter((m) => m.kind === 'passkey')
    .map(passkeyOf)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));

/** `POST /account/passkeys/options`: options to make a passkey for the signed-in person, on this page's host. */
export class StartPasskeyRegistration {
  constructor(private readonly ports: Pick<Ports, 'passkeys' | 'signInMethods' | 'people' | 'sealer' | 'clock'>) {}

  async execute(input: { person: PersonOperator; origin: string }): Promise<Outcome<CeremonyStarted, 'invalid_origin'>> {
    const rp = relyingPartyOf(input.origin);
    if (rp === null) return refuse('invalid_origin');
    const { personId, displayName } = input.person;
    const username = (await this.ports.people.get(personId))?.snapshot().username ?? displayName;
    const registered = await passkeysOf(this.ports, personId);
    const started = await this.ports.passkeys.registrationOptions(rp, { id: personId, name: username, displayName }, registered);
    return accept({ ceremony: seal(this.ports, 'register', rp, started.challenge, personId), options: started.options });
  }
}

export type RegisterPasskeyRefusal = 'invalid_ceremony' | 'invalid_credential' | 'invalid_name' | 'passkey_taken';

/** `POST /account/passkeys`: the authenticator's answer to the registration, verified, becomes a passkey of the person. */
export class RegisterPasskey {
  constructor(private readonly ports: Pick<Ports, 'passkeys' | 'signInMethods' | 'sealer' | 'attempts' | 'hasher' | 'clock' | 'uow'>) {}

  async execute(input: {
    person: PersonOperator;
    origin: string;
    ceremony: string;
    name: string;
    credential: CredentialResponse;
  }): Promise<Outcome<PasskeyView, RegisterPasskeyRefusal>> {
    const name = normalisePasskeyName(input.name);
    if (!name.ok) return name;
    const rp = relyingPartyOf(input.origin);
    const ceremony = rp === null ? null : await spend(this.ports, input.ceremony, 'register', rp, input.person.personId);
    if (rp === null || ceremony === null) return refuse('invalid_ceremony');
    const key = await this.ports.passkeys.verifyRegistration(rp, ceremony.challenge, input.credential);
    if (key === null) return refuse('invalid_credential');
    const passkey: Passkey = { ...key, personId: input.person.personId, name: name.value, createdAt: this.ports.clock.now().toISOString() };
    try {
      return await this.ports.uow.run(async () => {
        if ((await this.ports.signInMethods.findForUpdate('passkey', key.id)) !== null) return refuse('passkey_taken');
        await this.ports.signInMethods.save(passkeyMethod(passkey));
        return accept(viewOf(passkey));
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolation) return refuse('passkey_taken');
      throw error;
    }
  }
}

/** `GET /account/passkeys`: the signed-in person's passkeys, oldest first. */
export class ListMyPasskeys {
  constructor(private readonly ports: Pick<Ports, 'signInMethods'>) {}

  async execute(input: { person: PersonOperator }): Promise<PasskeyView[]> {
    return (await passkeysOf(this.ports, input.person.personId)).map(viewOf);
  }
}

/** `POST /account/passkeys/remove`: one of the person's own passkeys stops signing anyone in. */
export class RemovePasskey {
  constructor(private readonly ports: Pick<Ports, 'signInMethods' | 'uow'>) {}

  execute(input: { person: PersonOperator; passkeyId: string }): Promise<Outcome<null, 'not_found'>> {
    return this.ports.uow.run(async () => {
      const method = await this.ports.signInMethods.findForUpdate('passkey', input.passkeyId);
      if (method === null || method.personId !== input.person.personId) return refuse('not_found');
      await this.ports.signInMethods.remove('passkey', input.passkeyId);
      return accept(null);
    });
  }
}

/** `POST /auth/passkey/options`: options for signing in with any passkey of this host, no username asked. */
export class StartPasskeySignIn {
  constructor(private readonly ports: Pick<Ports, 'passkeys' | 'sealer' | 'clock'>) {}

  async execute(input: { origin: string }): Promise<Outcome<CeremonyStarted, 'invalid_origin'>> {
    const rp = relyingPartyOf(input.origin);
    if (rp === null) return refuse('invalid_origin');
    const started = await this.ports.passkeys.authenticationOptions(rp);
    return accept({ ceremony: seal(this.ports, 'sign-in', rp, started.challenge, null), options: started.options });
  }
}

export type PasskeySignInRefusal = Exclude<SignInRefusal, 'too_many_attempts'>;

/**
 * `POST /auth/passkey`: a passkey's signature over the ceremony's challenge signs its person in,
 * a whole sign-in (the authenticator is the second factor already), with the session a password
 * gives. Unknown passkey, bad signature, spent or foreign ceremony, and a counter that went back
 * are one refusal; an account that waits or is disabled learns so only with a valid signature.
 */
export class SignInWithPasskey {
  constructor(
    private readonly ports: Pick<
      Ports,
      | 'passkeys'
      | 'signInMethods'
      | 'people'
      | 'browserSessions'
      | 'sealer'
      | 'attempts'
      | 'hasher'
      | 'secrets'
      | 'settings'
      | 'clock'
      | 'uow'
    >,
  ) {}

  async execute(input: {
    origin: string;
    ceremony: string;
    credential: CredentialResponse;
    userAgent: string;
  }): Promise<Outcome<SignedIn, PasskeySignInRefusal>> {
    const rp = relyingPartyOf(input.origin);
    const ceremony = rp === null ? null : await spend(this.ports, input.ceremony, 'sign-in', rp, null);
    if (rp === null || ceremony === null) return refuse('invalid_credentials');
    return this.ports.uow.run(async () => {
      // Locked: two answers with one counter value cannot both pass on PostgreSQL.
      const method = await this.ports.signInMethods.findForUpdate('passkey', input.credential.id);
      if (method === null) return refuse('invalid_credentials');
      const passkey = passkeyOf(method);
      const verified = await this.ports.passkeys.verifyAuthentication(rp, ceremony.challenge, input.credential, passkey);
      if (verified === null || !counterAccepted(passkey.counter, verified.counter)) return refuse('invalid_credentials');
      const person = await this.ports.people.get(passkey.personId);
      if (person === null) return refuse('invalid_credentials');
      if (person.status === 'pending') return refuse('account_pending');
      if (person.status === 'disabled') return refuse('account_disabled');
      const now = this.ports.clock.now();
      if (verified.counter !== passkey.counter)
        await this.ports.signInMethods.save(passkeyMethod({ ...passkey, counter: verified.counter }));
      const { sessionId, session } = await openSession(this.ports, person.id, input.userAgent, now);
      return accept({ sessionId, personId: person.id, displayName: person.displayName, expiresAt: session.snapshot().expiresAt });
    });
  }
}
