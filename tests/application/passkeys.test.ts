import test from 'ava';
import { randomUUID } from 'node:crypto';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { ManualClock } from '../../adapters/system/manual-clock.ts';
import { createCadCore } from '../../composition/index.ts';
import { openSharedState } from '../../composition/shared-state.ts';
import { Person, type PersonStatus } from '../../domain/people/person.ts';
import { PersonOperator } from '../../domain/people/person-operator.ts';
import type { PersonId } from '../../domain/shared/ids.ts';
import { freshRedisPrefix, whenRedis } from '../support/redis.ts';
import { SoftwareAuthenticator } from '../support/software-authenticator.ts';

const ORIGIN = 'http://localhost:8080';

/** A core on the memory store with a manual clock, and a way to make people straight in the store. */
async function world() {
  const store = createMemoryPersistence();
  const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));
  const core = await createCadCore({ storage: { kind: 'provided', persistence: store }, clock, signInFloorMs: 0 });
  const person = async (displayName: string, status: PersonStatus = 'active') => {
    const id = randomUUID() as PersonId;
    const registered = Person.register({ id, displayName, username: displayName.toLowerCase(), status }, clock.now());
    await store.uow.run(() => store.people.save(registered));
    return { id, operator: new PersonOperator(id, displayName, [], 'no-session'), setStatus: (to: PersonStatus) => setStatus(id, to) };
  };
  const setStatus = async (id: PersonId, to: PersonStatus) =>
    store.uow.run(async () => {
      const found = (await store.people.get(id))!;
      found.setStatus(to, clock.now());
      await store.people.save(found);
    });
  const { useCases } = core;
  /** Registers a passkey of the authenticator for the person, through both steps. */
  const register = async (who: PersonOperator, authenticator: SoftwareAuthenticator, name = 'Laptop') => {
    const started = await useCases.startPasskeyRegistration.execute({ person: who, origin: ORIGIN });
    if (!started.ok) throw new Error(started.reason);
    const credential = authenticator.create(started.value.options, ORIGIN) as never;
    return useCases.registerPasskey.execute({ person: who, origin: ORIGIN, ceremony: started.value.ceremony, name, credential });
  };
  const signInOptions = async () => {
    const started = await useCases.startPasskeySignIn.execute({ origin: ORIGIN });
    if (!started.ok) throw new Error(started.reason);
    return started.value;
  };
  const signIn = (ceremony: string, credential: unknown) =>
    useCases.signInWithPasskey.execute({ origin: ORIGIN, ceremony, credential: credential as never, userAgent: 'test' });
  return { store, clock, core, useCases, person, register, signInOptions, signIn };
}

test('a passkey registered by a signed-in person signs them in, with a session like a password’s', async (t) => {
  const w = await world();
  t.teardown(() => w.core.close());
  const ada = await w.person('Ada');
  const key = new SoftwareAuthenticator();
  const registered = await w.register(ada.operator, key, '  Ada’s   laptop ');
  t.true(registered.ok);
  t.like(await w.useCases.listMyPasskeys.execute({ person: ada.operator }), [{ name: 'Ada’s laptop' }]);
  const options = await w.signInOptions();
  t.deepEqual(options.options['allowCredentials'], []);
  t.is(options.options['userVerification'], 'preferred');
  t.is(options.options['rpId'], 'localhost');
  const signedIn = await w.signIn(options.ceremony, key.get(options.options, ORIGIN));
  t.true(signedIn.ok);
  if (!signedIn.ok) return;
  t.like(signedIn.value, { personId: ada.id, displayName: 'Ada' });
  t.is((await w.useCases.authenticatePerson.execute(signedIn.value.sessionId))?.personId, ada.id);
  // The stored method is the existing table's: kind passkey, the credential id as subject, the counter kept.
  const [method] = (await w.store.signInMethods.ofPerson(ada.id)).filter((m) => m.kind === 'passkey');
  t.is(JSON.parse(method!.secret).counter, 1);
});

test('a replayed answer, a reused ceremony and an expired one sign nobody in', async (t) => {
  const w = await world();
  t.teardown(() => w.core.close());
  const ada = await w.person('Ada');
  const key = new SoftwareAuthenticator(false);
  t.true((await w.register(ada.operator, key)).ok);
  const options = await w.signInOptions();
  const answer = key.get(options.options, ORIGIN);
  t.true((await w.signIn(options.ceremony, answer)).ok);
  t.deepEqual(await w.signIn(options.ceremony, answer), { ok: false, reason: 'invalid_credentials' }, 'the same answer again');
  t.false((await w.signIn(options.ceremony, key.get(options.options, ORIGIN))).ok, 'a new answer to a spent ceremony');

  const late = await w.signInOptions();
  w.clock.advance(5 * 60 * 1000);
  t.false((await w.signIn(late.ceremony, key.get(late.options, ORIGIN))).ok, 'five minutes on');
  t.false((await w.signIn(`${late.ceremony}x`, key.get(late.options, ORIGIN))).ok, 'an altered ceremony');
  // A zero counter (a synced passkey) never counted: it signs in again and again.
  const again = await w.signInOptions();
  t.true((await w.signIn(again.ceremony, key.get(again.options, ORIGIN))).ok);
});

test('a counter that counted and then did not grow is a cloned key: refused, and the stored counter stays', async (t) => {
  const w = await world();
  t.teardown(() => w.core.close());
  const ada = await w.person('Ada');
  const key = new SoftwareAuthenticator();
  t.true((await w.register(ada.operator, key)).ok);
  const first = await w.signInOptions();
  t.true((await w.signIn(first.ceremony, key.get(first.options, ORIGIN, { counter: 7 }))).ok);
  for (const counter of [7, 3]) {
    const options = await w.signInOptions();
    t.false((await w.signIn(options.ceremony, key.get(options.options, ORIGIN, { counter }))).ok, `counter ${counter}`);
  }
  const [method] = (await w.store.signInMethods.ofPerson(ada.id)).filter((m) => m.kind === 'passkey');
  t.is(JSON.parse(method!.secret).counter, 7);
  const next = await w.signInOptions();
  t.true((await w.signIn(next.ceremony, key.get(next.options, ORIGIN, { counter: 8 }))).ok);
});

test('an account that waits or is disabled gets the password’s refusals; a removed passkey signs nobody in', async (t) => {
  const w = await world();
  t.teardown(() => w.core.close());
  const ada = await w.person('Ada');
  const key = new SoftwareAuthenticator();
  const registered = await w.register(ada.operator, key);
  if (!registered.ok) return t.fail(registered.reason);
  const attempt = async () => {
    const options = await w.signInOptions();
    return w.signIn(options.ceremony, key.get(options.options, ORIGIN));
  };
  await ada.setStatus('pending');
  t.deepEqual(await attempt(), { ok: false, reason: 'account_pending' });
  await ada.setStatus('disabled');
  t.deepEqual(await attempt(), { ok: false, reason: 'account_disabled' });
  await ada.setStatus('active');
  t.true((await attempt()).ok);

  const bo = await w.person('Bo');
  t.deepEqual(await w.useCases.removePasskey.execute({ person: bo.operator, passkeyId: registered.value.passkeyId }), {
    ok: false,
    reason: 'not_found',
  });
  t.true((await w.useCases.removePasskey.execute({ person: ada.operator, passkeyId: registered.value.passkeyId })).ok);
  t.deepEqual(await w.useCases.listMyPasskeys.execute({ person: ada.operator }), []);
  t.deepEqual(await attempt(), { ok: false, reason: 'invalid_credentials' });
});

test('a registration ceremony works once, for its person and its origin; the answer must be for its origin', async (t) => {
  const w = await world();
  t.teardown(() => w.core.close());
  const ada = await w.person('Ada');
  const bo = await w.person('Bo');
  const key = new SoftwareAuthenticator();
  const started = await w.useCases.startPasskeyRegistration.execute({ person: ada.operator, origin: ORIGIN });
  if (!started.ok) return t.fail();
  const credential = key.create(started.value.options, ORIGIN) as never;
  const input = { person: ada.operator, origin: ORIGIN, ceremony: started.value.ceremony, name: 'Laptop', credential };
  t.deepEqual(await w.useCases.registerPasskey.execute({ ...input, person: bo.operator }), { ok: false, reason: 'invalid_ceremony' });
  const other = await w.useCases.startPasskeyRegistration.execute({ person: ada.operator, origin: ORIGIN });
  if (!other.ok) return t.fail();
  t.deepEqual(await w.useCases.registerPasskey.execute({ ...input, ceremony: other.value.ceremony, origin: 'http://localhost:9999' }), {
    ok: false,
    reason: 'invalid_ceremony',
  });
  t.deepEqual(await w.useCases.registerPasskey.execute({ ...input, name: ' ' }), { ok: false, reason: 'invalid_name' });
  t.true((await w.useCases.registerPasskey.execute(input)).ok);
  t.deepEqual(await w.useCases.registerPasskey.execute(input), { ok: false, reason: 'invalid_ceremony' }, 'the ceremony is spent');
  const fresh = await w.useCases.startPasskeyRegistration.execute({ person: ada.operator, origin: ORIGIN });
  if (!fresh.ok) return t.fail();
  t.is((fresh.value.options['excludeCredentials'] as unknown[]).length, 1, 'the browser is told which it holds already');
  // An answer signed for another origin does not verify.
  const elsewhere = key.create(fresh.value.options, 'http://evil.localhost:8080') as never;
  t.deepEqual(await w.useCases.registerPasskey.execute({ ...input, ceremony: fresh.value.ceremony, credential: elsewhere }), {
    ok: false,
    reason: 'invalid_credential',
  });
  t.deepEqual(await w.useCases.startPasskeySignIn.execute({ origin: 'file:///etc' }), { ok: false, reason: 'invalid_origin' });
});

whenRedis(test, 'passkey ceremonies across instances', (url) => {
  test('ceremonies cross instances: started on one, finished on the other; an answer used on one is refused on the other', async (t) => {
    const store = createMemoryPersistence();
    const logger = { warn: () => undefined, info: () => undefined };
    const option = { url, prefix: freshRedisPrefix('passkeys'), timeoutMs: 2_000 };
    const [sharedA, sharedB] = [await openSharedState(option, logger), await openSharedState(option, logger)];
    const a = await createCadCore({ storage: { kind: 'provided', persistence: store }, shared: sharedA, signInFloorMs: 0 });
    const b = await createCadCore({ storage: { kind: 'provided', persistence: store }, shared: sharedB, signInFloorMs: 0 });
    t.teardown(async () => {
      await a.close();
      await b.close();
      await sharedA.close();
      await sharedB.close();
    });
    const id = randomUUID() as PersonId;
    await store.uow.run(() =>
      store.people.save(Person.register({ id, displayName: 'Ada', username: 'ada', status: 'active' }, new Date())),
    );
    const ada = new PersonOperator(id, 'Ada', [], 'no-session');
    const key = new SoftwareAuthenticator();
    const started = await a.useCases.startPasskeyRegistration.execute({ person: ada, origin: ORIGIN });
    if (!started.ok) return t.fail();
    const credential = key.create(started.value.options, ORIGIN) as never;
    t.true(
      (
        await b.useCases.registerPasskey.execute({
          person: ada,
          origin: ORIGIN,
          ceremony: started.value.ceremony,
          name: 'Laptop',
          credential,
        })
      ).ok,
    );
    const options = await b.useCases.startPasskeySignIn.execute({ origin: ORIGIN });
    if (!options.ok) return t.fail();
    const input = {
      origin: ORIGIN,
      ceremony: options.value.ceremony,
      credential: key.get(options.value.options, ORIGIN) as never,
      userAgent: 'test',
    };
    t.true((await a.useCases.signInWithPasskey.execute(input)).ok);
    t.deepEqual(await b.useCases.signInWithPasskey.execute(input), { ok: false, reason: 'invalid_credentials' });
  });
});
