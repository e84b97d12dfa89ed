import { UniqueConstraintViolation } from '../../../application/ports/persistence-errors.ts';
import type { Persistence } from '../../../application/ports/persistence.ts';
import { BrowserSession, DEFAULT_SESSION_LIFETIME } from '../../../domain/people/browser-session.ts';
import { Invitation } from '../../../domain/people/invitation.ts';
import { Person, type PersonStatus } from '../../../domain/people/person.ts';
import type { PersonMembership } from '../../../domain/people/person-membership.ts';
import type { RoleName } from '../../../domain/people/role.ts';
import type { SignInMethod } from '../../../domain/people/sign-in-method.ts';
import type { OrganisationId, PersonId } from '../../../domain/shared/ids.ts';
import { NOW, fixtures, ids } from '../../support/persistence-fixtures.ts';
import type { ContractTest } from './contract-test.ts';
import { widenTheRace } from './locking.contract.ts';

const at = (ms: number) => new Date(NOW.getTime() + ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** A username no other test uses (3 to 32 of a-z, 0-9, `.`, `_`, `-`). */
const freshUsername = () => `u-${ids.next().slice(-12)}`;

async function registered(store: Persistence, { username = freshUsername() as string | null, status = 'active' as PersonStatus } = {}) {
  const person = Person.register({ id: ids.next<PersonId>(), displayName: 'Ana Ruiz', username, status }, NOW);
  await store.people.save(person);
  return person;
}

const membership = (personId: PersonId, organisationId: OrganisationId, role: RoleName, since: Date): PersonMembership => ({
  personId,
  organisationId,
  role,
  since,
});

export function peopleContract(test: ContractTest) {
  test('people: read back exactly, with and without a username; a change is kept', async (t) => {
    const { store } = t.context;
    const named = Person.register({ id: ids.next<PersonId>(), displayName: 'Ana Ruiz', username: freshUsername(), status: 'pending' }, NOW);
    const unnamed = Person.register({ id: ids.next<PersonId>(), displayName: 'Bo Lindqvist', username: null, status: 'active' }, NOW);
    const alsoUnnamed = Person.register({ id: ids.next<PersonId>(), displayName: 'Cy Twombly', username: null, status: 'disabled' }, NOW);
    for (const person of [named, unnamed, alsoUnnamed]) {
      await store.people.save(person);
      t.deepEqual((await store.people.get(person.id))?.snapshot(), person.snapshot());
    }
    named.rename('Ana María Ruiz', at(SECOND));
    named.setStatus('active', at(2 * SECOND));
    await store.people.save(named);
    t.deepEqual((await store.people.get(named.id))?.snapshot(), named.snapshot());
    t.deepEqual((await store.people.get(named.id))?.snapshot().updatedAt, at(2 * SECOND));
    t.is(await store.people.get(ids.next<PersonId>()), null);
  });

  test.serial('people: counted, all of them', async (t) => {
    const { store } = t.context;
    const before = await store.people.count();
    await registered(store);
    await registered(store, { username: null, status: 'pending' });
    t.is(await store.people.count(), before + 2);
  });

  test('people: a username is one person’s; the second is refused and nothing of it is written', async (t) => {
    const { store } = t.context;
    const first = await registered(store);
    const username = first.snapshot().username;
    const second = Person.register({ id: ids.next<PersonId>(), displayName: 'Twin', username, status: 'active' }, at(SECOND));
    const error = await t.throwsAsync(() => store.people.save(second), { instanceOf: UniqueConstraintViolation });
    t.is(error?.constraint, 'people_username');
    t.is(await store.people.get(second.id), null);
    t.deepEqual((await store.people.get(first.id))?.snapshot(), first.snapshot());
  });

  test('sign-in methods: found by kind and subject, listed per person, replaced by a save; another person’s subject is refused', async (t) => {
    const { store } = t.context;
    const [ana, bo] = [await registered(store), await registered(store)];
    const subject = ana.snapshot().username!;
    const method: SignInMethod = { personId: ana.id, kind: 'password', subject, secret: '$argon2id$v=19$one', createdAt: NOW };
    await store.signInMethods.save(method);
    t.deepEqual(await store.signInMethods.find('password', subject), method);
    t.is(await store.signInMethods.find('password', `${subject}-nobody`), null);
    t.deepEqual(await store.signInMethods.ofPerson(ana.id), [method]);
    t.deepEqual(await store.signInMethods.ofPerson(bo.id), []);

    const replaced: SignInMethod = { ...method, secret: '$argon2id$v=19$two', createdAt: at(SECOND) };
    await store.signInMethods.save(replaced);
    t.deepEqual(await store.signInMethods.find('password', subject), replaced);
    t.deepEqual(await store.signInMethods.ofPerson(ana.id), [replaced]);

    const taken: SignInMethod = { personId: bo.id, kind: 'password', subject, secret: '$argon2id$v=19$bo', createdAt: at(2 * SECOND) };
    const error = await t.throwsAsync(() => store.signInMethods.save(taken), { instanceOf: UniqueConstraintViolation });
    t.is(error?.constraint, 'sign_in_methods_subject');
    t.deepEqual(await store.signInMethods.find('password', subject), replaced);
    t.deepEqual(await store.signInMethods.ofPerson(bo.id), []);
  });

  test('sign-in methods: read for update; of 20 concurrent removals of one recovery code exactly one removes it', async (t) => {
    const { store } = t.context;
    const ana = await registered(store);
    const totp: SignInMethod = { personId: ana.id, kind: 'totp', subject: ana.id, secret: 'v1.sealed', createdAt: NOW };
    await store.signInMethods.save(totp);
    t.deepEqual(await store.uow.run(() => store.signInMethods.findForUpdate('totp', ana.id)), totp);
    const recovery: SignInMethod = { personId: ana.id, kind: 'recovery', subject: `${ana.id}:code-hash`, secret: '-', createdAt: NOW };
    await store.signInMethods.save(recovery);
    const removals = await Promise.all(
      Array.from({ length: 20 }, () =>
        store.uow.run(async () => {
          await widenTheRace();
          return store.signInMethods.remove('recovery', recovery.subject);
        }),
      ),
    );
    t.is(removals.filter(Boolean).length, 1);
    t.is(await store.signInMethods.find('recovery', recovery.subject), null);
    t.deepEqual(await store.signInMethods.ofPerson(ana.id), [totp]);
    t.false(await store.signInMethods.remove('recovery', recovery.subject));
  });

  test('person memberships: per person and per organisation in the order they joined; a save replaces the role', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const [ana, bo, cy] = [await registered(store), await registered(store), await registered(store)];
    const anaInA = membership(ana.id, a.id, 'owner', at(2 * SECOND));
    const boInA = membership(bo.id, a.id, 'dispatcher', at(SECOND));
    const cyInA = membership(cy.id, a.id, 'civilian', at(3 * SECOND));
    const anaInB = membership(ana.id, b.id, 'officer', at(SECOND));
    for (const m of [anaInA, boInA, cyInA, anaInB]) await store.personMemberships.save(m);

    t.deepEqual(await store.personMemberships.ofOrganisation(a.id), [boInA, anaInA, cyInA]);
    t.deepEqual(await store.personMemberships.ofOrganisation(b.id), [anaInB]);
    t.deepEqual(await store.personMemberships.ofPerson(ana.id), [anaInB, anaInA]);
    t.deepEqual(await store.personMemberships.ofPerson(bo.id), [boInA]);
    t.deepEqual(await store.personMemberships.ofOrganisation(ids.next<OrganisationId>()), []);
    t.deepEqual(await store.personMemberships.ofPerson(ids.next<PersonId>()), []);

    const promoted = { ...boInA, role: 'supervisor' as const };
    await store.personMemberships.save(promoted);
    t.deepEqual(await store.personMemberships.ofOrganisation(a.id), [promoted, anaInA, cyInA]);
    t.deepEqual(await store.personMemberships.ofPerson(bo.id), [promoted]);
  });

  test('browser sessions: read back exactly by id hash; the open ones of a person newest first, ended ones left out', async (t) => {
    const { store } = t.context;
    const [ana, bo] = [await registered(store), await registered(store)];
    const open = (personId: PersonId, now: Date, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0') =>
      BrowserSession.open({ idHash: `session-${ids.next()}`, personId, userAgent }, DEFAULT_SESSION_LIFETIME, now);
    const oldest = open(ana.id, NOW, 'x'.repeat(300));
    const middle = open(ana.id, at(SECOND));
    const ended = open(ana.id, at(2 * SECOND));
    const newest = open(ana.id, at(3 * SECOND));
    const bos = open(bo.id, at(4 * SECOND));
    for (const session of [oldest, middle, ended, newest, bos]) await store.browserSessions.save(session);
    const read = (session: BrowserSession) => store.browserSessions.get(session.snapshot().idHash).then((s) => s?.snapshot());
    t.deepEqual(await read(oldest), oldest.snapshot());
    t.is((await read(oldest))?.userAgent.length, 200);

    t.true(oldest.touch(DEFAULT_SESSION_LIFETIME, at(5 * MINUTE)));
    await store.browserSessions.save(oldest);
    ended.end(at(10 * MINUTE));
    await store.browserSessions.save(ended);
    const touched = await read(oldest);
    t.deepEqual(touched, oldest.snapshot());
    t.deepEqual(touched?.lastSeenAt, at(5 * MINUTE));
    t.deepEqual(touched?.idleUntil, at(5 * MINUTE + DEFAULT_SESSION_LIFETIME.idleMs));
    t.deepEqual(touched?.expiresAt, at(DEFAULT_SESSION_LIFETIME.absoluteMs));
    t.deepEqual(touched?.createdAt, NOW);
    t.is(touched?.endedAt, null);
    t.deepEqual(await read(ended), ended.snapshot());
    t.deepEqual((await read(ended))?.endedAt, at(10 * MINUTE));

    t.deepEqual(
      (await store.browserSessions.openOf(ana.id)).map((s) => s.snapshot()),
      [newest, middle, oldest].map((s) => s.snapshot()),
    );
    t.deepEqual(
      (await store.browserSessions.openOf(bo.id)).map((s) => s.snapshot()),
      [bos.snapshot()],
    );
    t.deepEqual(await store.browserSessions.openOf(ids.next<PersonId>()), []);
    t.is(await store.browserSessions.get('session-none'), null);
  });

  test('invitations: read back exactly for update; an acceptance is kept', async (t) => {
    const { store } = t.context;
    const organisation = await fixtures(store).organisation();
    const invitation = Invitation.issue(
      { tokenHash: `invite-${ids.next()}`, organisationId: organisation.id, role: 'dispatcher', invitedBy: 'operator:ops-key' },
      NOW,
    );
    await store.invitations.save(invitation);
    const read = () => store.uow.run(() => store.invitations.getForUpdate(invitation.snapshot().tokenHash)).then((i) => i?.snapshot());
    t.deepEqual(await read(), invitation.snapshot());
    t.is(await store.uow.run(() => store.invitations.getForUpdate('invite-none')), null);

    const person = await registered(store);
    t.true(invitation.accept(person.id, at(SECOND)).ok);
    await store.invitations.save(invitation);
    t.deepEqual(await read(), invitation.snapshot());
    t.deepEqual((await read())?.usedAt, at(SECOND));
    t.is((await read())?.usedBy, person.id);
  });

  test('invitations: of 20 concurrent locked acceptances of one invitation, exactly one succeeds', async (t) => {
    const { store } = t.context;
    const organisation = await fixtures(store).organisation();
    const invitation = Invitation.issue(
      { tokenHash: `invite-${ids.next()}`, organisationId: organisation.id, role: 'officer', invitedBy: 'person:owner' },
      NOW,
    );
    await store.invitations.save(invitation);
    const people = await Promise.all(Array.from({ length: 20 }, () => registered(store)));
    const acceptances = await Promise.all(
      people.map((person) =>
        store.uow.run(async () => {
          const locked = (await store.invitations.getForUpdate(invitation.snapshot().tokenHash))!;
          await widenTheRace();
          const accepted = locked.accept(person.id, at(SECOND));
          if (accepted.ok) await store.invitations.save(locked);
          return accepted.ok;
        }),
      ),
    );
    t.is(acceptances.filter(Boolean).length, 1);
    const winner = people[acceptances.indexOf(true)]!;
    const kept = await store.uow.run(() => store.invitations.getForUpdate(invitation.snapshot().tokenHash));
    t.is(kept?.snapshot().usedBy, winner.id);
  });
}
