import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { TestFn } from 'ava';
import type { Persistence } from '../../application/ports/persistence.ts';
import type { OrganisationId, PersonId } from '../../domain/shared/ids.ts';
import { ROUTES } from '../../adapters/http/routes/index.ts';
import { expect, operatorOf } from '../support/operator-driver.ts';
import { GOOD_PASSWORD, browserOf, invite, sessionCookieOf, signIn, signUp } from '../support/people-driver.ts';
import { SoftwareAuthenticator } from '../support/software-authenticator.ts';
import { PinnableClock } from '../support/pinnable-clock.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

export type PeopleContext = {
  app: TestService;
  store: Persistence & { snapshot(): Promise<Record<string, unknown[]>> };
  /** The service's clock: the system's, pinned by the one test that needs an instant of its own. */
  clock: PinnableClock;
};

const ROLE_ORDER = ['owner', 'admin', 'supervisor', 'dispatcher', 'officer', 'civilian'];

let serial = 0;
const username = (stem: string) => `${stem}.${Date.now().toString(36)}${(serial++).toString(36)}`;

/**
 * People on the operator surface, on the store given: invited, signed up, signed in, judged by their
 * role on every request, refused any cookie write from another site, signed out. `shared` opens a
 * second instance on the same store (PostgreSQL), where a session made on one works on the other.
 */
export function peopleSuite(test: TestFn<PeopleContext>, open: () => Promise<Persistence>, shared = false): void {
  test.before(async (t) => {
    const store = (await open()) as PeopleContext['store'];
    const clock = new PinnableClock();
    const app = await startTestService({ storage: { kind: 'provided', persistence: store }, rateLimitScale: 1000, clock });
    t.context = { app, store, clock };
  });
  test.after.always((t) => t.context.app?.close());

  /** An organisation with a department, a unit and its first owner, invited by the bootstrap key. */
  async function community(t: { context: PeopleContext }) {
    const { app } = t.context;
    const root = operatorOf(app.http, app.bootstrapKey);
    const org = await root.organisation();
    const departmentId = await org.department(`lspd-${serial++}`);
    const { unitId } = await org.member(departmentId, `1-A-${serial++}`);
    const base = app.service.url;
    const owner = await signUp(
      app.http,
      base,
      await invite({ key: app.bootstrapKey }, app.http, org.organisationId, 'owner'),
      'Olivia Owner',
      username('olivia'),
    );
    return { org, departmentId, unitId, owner, base };
  }

  test('an owner invites a dispatcher, who assigns a unit in their own name; made an officer, their next dispatch is refused', async (t) => {
    const { app } = t.context;
    const { org, departmentId, unitId, owner, base } = await community(t);
    const account = expect(await owner.browser.get('/api/v1/account'), 200);
    t.like(account, { displayName: 'Olivia Owner', organisations: [{ organisationId: org.organisationId, role: 'owner' }] });
    t.is(account.sessions.length, 1);
    t.true(account.sessions[0].current);

    const danaName = username('dana');
    const dana = await signUp(
      app.http,
      base,
      await invite(owner.browser, app.http, org.organisationId, 'dispatcher'),
      'Dana Dispatch',
      danaName,
    );
    // A dispatcher puts the unit in service, opens a call and sends the unit to it.
    expect(await dana.browser.patch(`/api/v1/admin/units/${unitId}/status`, { status: 'AVAILABLE' }), 200);
    const call = expect(
      await dana.browser.post(`/api/v1/admin/departments/${departmentId}/calls`, { description: 'alarm', mapX: 1, mapY: 2 }),
      201,
    );
    expect(await dana.browser.post(`/api/v1/admin/calls/${call.callId}/assignments`, { unitId }), 201);
    expect(await dana.browser.post(`/api/v1/admin/calls/${call.callId}/notes`, { text: 'on my way' }), 201);
    const read = expect(await dana.browser.get(`/api/v1/admin/calls/${call.callId}`), 200);
    t.like(read.notes.at(-1), { text: 'on my way', author: { kind: 'person', id: dana.personId, label: 'Dana Dispatch' } });
    // A dispatcher reads no audit log and makes no credential: the role holds neither permission.
    t.is((await dana.browser.get(`/api/v1/admin/organisations/${org.organisationId}/audit`)).status, 403);
    t.is(
      (
        await dana.browser.post(`/api/v1/admin/organisations/${org.organisationId}/credentials`, {
          kind: 'game',
          label: 'x',
          departmentId,
          scopes: [],
        })
      ).status,
      403,
    );
    const audit = expect(await owner.browser.get(`/api/v1/admin/organisations/${org.organisationId}/audit?limit=500`), 200) as Array<
      Record<string, any>
    >;
    const assigned = audit.find((e) => e['action'] === 'call.unit_assigned');
    t.like(assigned, { actor: { kind: 'person', id: dana.personId, label: 'Dana Dispatch' } });

    const people = expect(await owner.browser.get(`/api/v1/admin/organisations/${org.organisationId}/people`), 200) as Array<
      Record<string, any>
    >;
    t.deepEqual(
      people.map((p) => [p['displayName'], p['role']]),
      [
        ['Olivia Owner', 'owner'],
        ['Dana Dispatch', 'dispatcher'],
      ],
    );
    expect(
      await owner.browser.patch(`/api/v1/admin/organisations/${org.organisationId}/people/${dana.personId}`, { role: 'officer' }),
      200,
    );
    // New rights, new session id: the change ended Dana's session; signed in again, her dispatch is refused.
    t.is((await dana.browser.post(`/api/v1/admin/departments/${departmentId}/calls`, { description: 'x', mapX: 1, mapY: 2 })).status, 401);
    const signedInAgain = await signIn(app.http, base, danaName, GOOD_PASSWORD);
    expect(signedInAgain, 200);
    const back = browserOf(app.http, base, sessionCookieOf(signedInAgain));
    const again = await back.post(`/api/v1/admin/departments/${departmentId}/calls`, { description: 'again', mapX: 1, mapY: 2 });
    t.is(again.status, 403);
    // The owner's own session was not touched by the change.
    expect(await owner.browser.get('/api/v1/account'), 200);
    // Nobody raises themselves, nor gives a role above their own.
    t.is((await back.patch(`/api/v1/admin/organisations/${org.organisationId}/people/${dana.personId}`, { role: 'owner' })).status, 403);
  });

  test('a person of one organisation finds nothing of another (404), and a disabled account’s session ends at its next request', async (t) => {
    const { app } = t.context;
    const first = await community(t);
    const second = await community(t);
    t.is((await first.owner.browser.get(`/api/v1/admin/organisations/${second.org.organisationId}`)).status, 404);
    t.is((await first.owner.browser.get(`/api/v1/admin/organisations/${second.org.organisationId}/people`)).status, 404);
    t.is(
      (await first.owner.browser.post(`/api/v1/admin/departments/${second.departmentId}/calls`, { description: 'x', mapX: 1, mapY: 1 }))
        .status,
      404,
    );
    const helper = await signUp(
      app.http,
      first.base,
      await invite(first.owner.browser, app.http, first.org.organisationId, 'supervisor'),
      'Sam Super',
      username('sam'),
    );
    expect(await helper.browser.get('/api/v1/account'), 200);
    expect(
      await first.owner.browser.patch(`/api/v1/admin/organisations/${first.org.organisationId}/people/${helper.personId}`, {
        status: 'disabled',
      }),
      200,
    );
    t.is((await helper.browser.get('/api/v1/account')).status, 401);
    t.is((await helper.browser.get(`/api/v1/admin/organisations/${first.org.organisationId}/people`)).status, 401);

    // An account that belongs to another organisation too is not one organisation's to disable.
    // (Joining a second organisation with an existing account has no route yet: the membership is written as data.)
    const both = await signUp(
      app.http,
      first.base,
      await invite(first.owner.browser, app.http, first.org.organisationId, 'officer'),
      'Bo Both',
      username('bo'),
    );
    const { store } = t.context;
    await store.uow.run(() =>
      store.personMemberships.save({
        personId: both.personId as PersonId,
        organisationId: second.org.organisationId as OrganisationId,
        role: 'officer',
        since: new Date(),
      }),
    );
    const path = `/api/v1/admin/organisations/${first.org.organisationId}/people/${both.personId}`;
    t.is((await first.owner.browser.patch(path, { status: 'disabled' })).status, 403);
    expect(await both.browser.get('/api/v1/account'), 200);
    expect(await operatorOf(app.http, app.bootstrapKey).patch(path.replace('/api/v1/admin', ''), { status: 'disabled' }), 200);
    t.is((await both.browser.get('/api/v1/account')).status, 401);
  });

  test.serial(
    'every cookie-authenticated write refuses a cross-site form and a fetch without the page’s Origin, and the store is unchanged',
    async (t) => {
      const { app, store } = t.context;
      const { owner, base } = await community(t);
      const writes = ROUTES.filter((r) => (r.guard.kind === 'operator' || r.guard.kind === 'person') && r.method !== 'GET');
      t.true(writes.length > 20, `${writes.length} write routes`);
      const before = await store.snapshot();
      for (const route of writes) {
        const path = route.path.replace(/:[a-zA-Z]+/g, () => randomUUID());
        for (const origin of ['https://evil.example', 'null', null]) {
          const reply = await owner.browser.from(origin).send(route.method, path, { description: 'x', role: 'owner', text: 'x' });
          t.is(reply.status, 403, `${route.method} ${route.path} from ${origin}`);
        }
        // A classic cross-site form post: urlencoded, with the other site's Origin.
        const form = await app.http.send(route.method, path, undefined, {
          raw: 'role=owner&description=x',
          headers: { cookie: owner.browser.cookie, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
        });
        t.is(form.status, 403, `form ${route.method} ${route.path}`);
      }
      t.deepEqual(await store.snapshot(), before);
      // The same cookie from the service's own page still works.
      expect(await owner.browser.get('/api/v1/account'), 200);
      t.is(base, app.service.url);
    },
  );

  test('password sign-in: an unknown name and a wrong password get one answer; an account is limited to 10 attempts; sign-out ends the session', async (t) => {
    const { app } = t.context;
    const { org, owner, base } = await community(t);
    const name = username('pat');
    await signUp(app.http, base, await invite(owner.browser, app.http, org.organisationId, 'officer'), 'Pat Patrol', name);
    const unknown = await signIn(app.http, base, username('nobody'), 'whatever-password-1');
    const wrong = await signIn(app.http, base, name, 'not-the-password-1');
    t.deepEqual([unknown.status, unknown.body], [401, { error: 'UNAUTHORIZED', message: 'The username or the password is wrong.' }]);
    t.deepEqual([wrong.status, wrong.body], [unknown.status, unknown.body]);
    t.is(wrong.headers.get('set-cookie'), null);
    // From another site, nobody is signed in (login CSRF).
    t.is((await signIn(app.http, base, name, GOOD_PASSWORD, 'https://evil.example')).status, 403);

    const right = await signIn(app.http, base, name, GOOD_PASSWORD);
    t.is(right.status, 200);
    const browser = browserOf(app.http, base, sessionCookieOf(right));
    t.regex(right.headers.get('set-cookie')!, /HttpOnly/i);
    t.regex(right.headers.get('set-cookie')!, /SameSite=Lax/i);
    expect(await browser.get('/api/v1/account'), 200);

    // Eight more wrong attempts make ten; the eleventh, even with the right password, waits.
    for (let i = 0; i < 8; i++) t.is((await signIn(app.http, base, name, `wrong-${i}-password`)).status, 401);
    const limited = await signIn(app.http, base, name, GOOD_PASSWORD);
    t.is(limited.status, 429);
    t.true(Number(limited.headers.get('retry-after')) > 0);

    expect(await browser.post('/api/v1/auth/sign-out'), 200);
    t.is((await browser.get('/api/v1/account')).status, 401);
    // Sign out everywhere ends the owner's other sessions too.
    const second = browserOf(
      app.http,
      base,
      sessionCookieOf(await signIn(app.http, base, (await owner.browser.get('/api/v1/account')).body.username, GOOD_PASSWORD)),
    );
    expect(await owner.browser.post('/api/v1/auth/sign-out-everywhere'), 200);
    t.is((await second.get('/api/v1/account')).status, 401);
    t.is((await owner.browser.get('/api/v1/account')).status, 401);
  });

  test.serial(
    'an authenticator: turned on with a code, then sign-in asks for a code after the password; each code and recovery code works once',
    async (t) => {
      // The service's clock and the authenticator's are one, pinned in the middle of a 30-second step
      // while this test runs (serial: alone): a code is judged at the instant it was made for, never
      // across a step boundary that a busy machine happened to cross between making it and sending it.
      const { app, clock } = t.context;
      clock.pin(new Date(Math.floor(Date.now() / 30_000) * 30_000 + 15_000));
      t.teardown(() => clock.release());
      const { org, owner, base } = await community(t);
      const name = username('ada');
      const ada = await signUp(app.http, base, await invite(owner.browser, app.http, org.organisationId, 'supervisor'), 'Ada Auth', name);
      const started = expect(await ada.browser.post('/api/v1/account/authenticator'), 201) as { secret: string; address: string };
      t.regex(started.address, /^otpauth:\/\/totp\/CAD:/);
      const totp = new TOTP({ secret: Secret.fromBase32(started.secret), period: 30 });
      const codeAt = (offsetSteps: number) => totp.generate({ timestamp: clock.now().getTime() + offsetSteps * 30_000 });
      t.is((await ada.browser.post('/api/v1/account/authenticator/confirm', { code: '000000' })).status, 400);
      t.false(expect(await ada.browser.get('/api/v1/account'), 200).authenticator);
      const { recoveryCodes } = expect(await ada.browser.post('/api/v1/account/authenticator/confirm', { code: codeAt(0) }), 200);
      t.is(recoveryCodes.length, 10);
      t.true(expect(await ada.browser.get('/api/v1/account'), 200).authenticator);
      t.is((await ada.browser.post('/api/v1/account/authenticator')).status, 409);

      // The password alone opens nothing now.
      const first = await signIn(app.http, base, name, GOOD_PASSWORD);
      t.is(first.status, 200);
      t.is(first.headers.get('set-cookie'), null);
      t.like(first.body, { secondStep: 'authenticator' });
      const step = (challenge: string, code: string, origin: string | null = base) =>
        app.http.post('/api/v1/auth/sign-in/second-step', { challenge, code }, { headers: origin === null ? {} : { origin } });
      t.is((await step(first.body.challenge, '000000')).status, 401);
      // One code, made once: made again after a 30-second boundary it would be the next step's, a new code.
      const next = codeAt(1);
      t.is((await step(`${first.body.challenge}x`, next)).status, 401, 'an altered challenge');
      t.is((await step(first.body.challenge, next, 'https://evil.example')).status, 403);
      const passed = await step(first.body.challenge, next);
      t.is(passed.status, 200);
      expect(await browserOf(app.http, base, sessionCookieOf(passed)).get('/api/v1/account'), 200);
      t.is((await step(first.body.challenge, next)).status, 401, 'a code works once');

      const again = await signIn(app.http, base, name, GOOD_PASSWORD);
      const recovered = await step(again.body.challenge, recoveryCodes[0].toLowerCase());
      t.is(recovered.status, 200, 'a recovery code, typed in lower case');
      t.is((await step(again.body.challenge, recoveryCodes[0])).status, 401, 'a recovery code works once');

      // Turning it off takes proof of the authenticator: a spent recovery code is none, an unused one is.
      t.is((await ada.browser.post('/api/v1/account/authenticator/off', { code: recoveryCodes[0] })).status, 400);
      expect(await ada.browser.post('/api/v1/account/authenticator/off', { code: recoveryCodes[1] }), 200);
      t.false(expect(await ada.browser.get('/api/v1/account'), 200).authenticator);
      const plain = await signIn(app.http, base, name, GOOD_PASSWORD);
      t.is(plain.status, 200);
      expect(await browserOf(app.http, base, sessionCookieOf(plain)).get('/api/v1/account'), 200);
      t.is((await ada.browser.post('/api/v1/account/authenticator/off', { code: recoveryCodes[2] })).status, 409);
    },
  );

  test('a passkey: added on the account, it signs its person in with no username and no code; a replayed answer, another site and a removed passkey sign nobody in', async (t) => {
    const { app, store } = t.context;
    const { org, owner, base } = await community(t);
    const name = username('pia');
    const pia = await signUp(app.http, base, await invite(owner.browser, app.http, org.organisationId, 'officer'), 'Pia Passkey', name);
    const key = new SoftwareAuthenticator();
    const started = expect(await pia.browser.post('/api/v1/account/passkeys/options'), 200);
    t.like(started.options, { rp: { id: new URL(base).hostname }, authenticatorSelection: { residentKey: 'required' } });
    const created = key.create(started.options, base);
    // Bad input writes nothing (the person's methods; other tests write elsewhere at the same time).
    const methods = () => store.signInMethods.ofPerson(pia.personId as PersonId);
    const before = await methods();
    const malformed = await pia.browser.post('/api/v1/account/passkeys', {
      ceremony: started.ceremony,
      name: 'Phone',
      credential: { id: 'x' },
    });
    t.is(malformed.status, 400);
    t.deepEqual(await methods(), before);
    const added = expect(
      await pia.browser.post('/api/v1/account/passkeys', { ceremony: started.ceremony, name: 'Phone', credential: created }),
      201,
    );
    t.like(added, { passkeyId: created.id, name: 'Phone' });
    const replayed = await pia.browser.post('/api/v1/account/passkeys', { ceremony: started.ceremony, name: 'Phone', credential: created });
    t.is(replayed.status, 400, 'a registration ceremony works once');
    t.like(expect(await pia.browser.get('/api/v1/account/passkeys'), 200), [{ passkeyId: created.id, name: 'Phone' }]);

    // With an authenticator on, the password asks for a code; the passkey does not.
    const totp = expect(await pia.browser.post('/api/v1/account/authenticator'), 201) as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(totp.secret), period: 30 }).generate();
    expect(await pia.browser.post('/api/v1/account/authenticator/confirm', { code }), 200);

    const passkeySignIn = async (origin: string = base) => {
      const options = await app.http.post('/api/v1/auth/passkey/options', undefined, { headers: { origin } });
      if (options.status !== 200) return { options, answer: options };
      const body = { ceremony: options.body.ceremony, credential: key.get(options.body.options, origin) };
      return {
        options,
        body,
        answer: await app.http.post('/api/v1/auth/passkey', body, { headers: { origin, 'user-agent': 'passkey test' } }),
      };
    };
    const { options, body, answer } = await passkeySignIn();
    t.deepEqual(options.body.options.allowCredentials, []);
    t.deepEqual([answer.status, answer.body], [200, { personId: pia.personId, displayName: 'Pia Passkey' }]);
    t.regex(answer.headers.get('set-cookie')!, /HttpOnly/i);
    const signedIn = browserOf(app.http, base, sessionCookieOf(answer));
    t.is(expect(await signedIn.get('/api/v1/account'), 200).personId, pia.personId);
    const again = await app.http.post('/api/v1/auth/passkey', body, { headers: { origin: base } });
    t.deepEqual([again.status, again.headers.get('set-cookie')], [401, null], 'a replayed answer');
    t.is((await passkeySignIn('https://evil.example')).answer.status, 403, 'another site asks for no options');
    const foreign = await app.http.post('/api/v1/auth/passkey', body, { headers: { origin: 'https://evil.example' } });
    t.is(foreign.status, 403);

    // Another person cannot remove it; its owner can, and then it signs nobody in.
    t.is((await owner.browser.post('/api/v1/account/passkeys/remove', { passkeyId: created.id })).status, 404);
    expect(await pia.browser.post('/api/v1/account/passkeys/remove', { passkeyId: created.id }), 200);
    t.deepEqual(expect(await pia.browser.get('/api/v1/account/passkeys'), 200), []);
    t.is((await passkeySignIn()).answer.status, 401);
  });

  test('a new password is refused when short, too long or common, with the field named; a used invitation is not found', async (t) => {
    const { app } = t.context;
    const { org, owner, base } = await community(t);
    const token = await invite(owner.browser, app.http, org.organisationId, 'civilian');
    const attempt = (password: string) =>
      app.http.post(
        '/api/v1/auth/sign-up',
        { invitation: token, displayName: 'Cal', username: username('cal'), password },
        { headers: { origin: base } },
      );
    for (const password of ['short1', 'x'.repeat(129), 'password123', 'qwertyuiop', 'iloveyou2']) {
      const reply = await attempt(password);
      t.is(reply.status, 400, password);
      t.is(reply.body.details?.[0]?.field, 'password', password);
    }
    t.like(expect(await app.http.post('/api/v1/auth/invitation', { invitation: token }), 200), { role: 'civilian' });
    expect(await attempt(GOOD_PASSWORD), 201);
    t.is((await attempt(GOOD_PASSWORD)).status, 404);
    t.is((await app.http.post('/api/v1/auth/invitation', { invitation: token })).status, 404);
  });

  test.serial(
    'join rules: invitation only admits nobody uninvited; a whitelist lists a pending person until approved; open admits a civilian at once',
    async (t) => {
      const { app, store } = t.context;
      const { org, owner, base } = await community(t);
      const orgPath = `/api/v1/admin/organisations/${org.organisationId}`;
      const joiner = (name: string) => ({ displayName: name, username: username(name.toLowerCase()), password: GOOD_PASSWORD });
      const join = (person: ReturnType<typeof joiner>) =>
        app.http.post('/api/v1/auth/sign-up', { organisationId: org.organisationId, ...person }, { headers: { origin: base } });
      // Invitation only (the default): refused, nothing written, and the organisation is not described to strangers.
      const before = await store.snapshot();
      const closed = await join(joiner('Ivan'));
      t.is(closed.status, 403);
      t.is(closed.body.error, 'FORBIDDEN');
      t.deepEqual(await store.snapshot(), before);
      t.is((await app.http.get(`/api/v1/auth/organisations/${org.organisationId}/joining`)).status, 404);
      // Unknown and closed organisations answer alike.
      t.is(
        (
          await app.http.post(
            '/api/v1/auth/sign-up',
            { organisationId: randomUUID(), displayName: 'X', username: username('x'), password: GOOD_PASSWORD },
            { headers: { origin: base } },
          )
        ).status,
        403,
      );
      // Both ways at once, or neither, is a bad request.
      t.is(
        (
          await app.http.post(
            '/api/v1/auth/sign-up',
            { displayName: 'X', username: username('x'), password: GOOD_PASSWORD },
            { headers: { origin: base } },
          )
        ).status,
        400,
      );

      // A whitelist: the newcomer is made, pending, listed for approval, and cannot sign in yet.
      t.like(expect(await owner.browser.patch(orgPath, { joinRule: 'approval' }), 200), { joinRule: 'approval' });
      t.deepEqual(expect(await app.http.get(`/api/v1/auth/organisations/${org.organisationId}/joining`), 200), {
        name: 'Los Santos RP',
        joinRule: 'approval',
      });
      const petraJoins = joiner('Petra');
      const asked = await join(petraJoins);
      t.is(asked.status, 202);
      t.is(asked.headers.get('set-cookie'), null);
      const petra = asked.body as { personId: string; pending: true };
      t.true(petra.pending);
      const listed = expect(await owner.browser.get(`${orgPath}/people`), 200) as Array<Record<string, any>>;
      t.like(
        listed.find((p) => p['personId'] === petra.personId),
        { status: 'pending', role: 'civilian' },
      );
      t.is((await signIn(app.http, base, petraJoins.username, GOOD_PASSWORD)).status, 403);
      // Approved: the same password opens a session.
      t.like(expect(await owner.browser.patch(`${orgPath}/people/${petra.personId}`, { status: 'active' }), 200), { status: 'active' });
      expect(await signIn(app.http, base, petraJoins.username, GOOD_PASSWORD), 200);
      // Refused (disabled): another whitelist request is made and refused the same way.
      const rex = (await join(joiner('Rex'))).body as { personId: string };
      expect(await owner.browser.patch(`${orgPath}/people/${rex.personId}`, { status: 'disabled' }), 200);

      // Open: a civilian at once, signed in, with no operator permission.
      expect(await owner.browser.patch(orgPath, { joinRule: 'open' }), 200);
      const opened = await join(joiner('Olga'));
      t.is(opened.status, 201);
      const olga = browserOf(app.http, base, sessionCookieOf(opened));
      t.like(expect(await olga.get('/api/v1/account'), 200), { organisations: [{ organisationId: org.organisationId, role: 'civilian' }] });
      t.is((await olga.get(`${orgPath}/people`)).status, 403);
      const audit = expect(await owner.browser.get(`${orgPath}/audit?limit=500`), 200) as Array<Record<string, any>>;
      t.truthy(audit.find((e) => e['action'] === 'person.asked_to_join' && e['subject']?.id === petra.personId));
      t.truthy(audit.find((e) => e['action'] === 'person.joined' && e['details']?.invited === false));
    },
  );

  test('an account takes an invitation to a second organisation and acts there in its role; a member already keeps the invitation unspent', async (t) => {
    const { app } = t.context;
    const first = await community(t);
    const second = await community(t);
    const token = await invite(second.owner.browser, app.http, second.org.organisationId, 'supervisor');
    const me = first.owner.browser;
    t.is((await me.get(`/api/v1/admin/organisations/${second.org.organisationId}/people`)).status, 404);
    // From another site, nothing: the write needs the page's Origin.
    t.is((await me.from('https://evil.example').post('/api/v1/account/invitations', { invitation: token })).status, 403);
    const accepted = await me.post('/api/v1/account/invitations', { invitation: token });
    t.like(expect(accepted, 201), { organisationId: second.org.organisationId, role: 'supervisor' });
    // New rights, new session: the old id is ended, the answer's cookie carries the new one.
    t.is((await me.get('/api/v1/account')).status, 401);
    const renewed = browserOf(app.http, app.service.url, sessionCookieOf(accepted));
    expect(await renewed.get(`/api/v1/admin/organisations/${second.org.organisationId}/people`), 200);
    const account = expect(await renewed.get('/api/v1/account'), 200);
    t.deepEqual(account.organisations.map((o: any) => o.role).sort(), ['owner', 'supervisor']);
    t.is((await renewed.post('/api/v1/account/invitations', { invitation: token })).status, 404);
    const again = await invite(second.owner.browser, app.http, second.org.organisationId, 'civilian');
    t.is((await renewed.post('/api/v1/account/invitations', { invitation: again })).status, 409);
    // The unspent invitation still admits someone else.
    t.like(expect(await app.http.post('/api/v1/auth/invitation', { invitation: again }), 200), { role: 'civilian' });
  });

  test('an organisation edits its roles: officers given dispatch hold it from their next request, dispatchers lose it; the owner is fixed, and nobody gives what they lack', async (t) => {
    const { app } = t.context;
    const { org, departmentId, owner, base } = await community(t);
    const orgPath = `/api/v1/admin/organisations/${org.organisationId}`;
    const olly = await signUp(
      app.http,
      base,
      await invite(owner.browser, app.http, org.organisationId, 'officer'),
      'Olly Officer',
      username('olly'),
    );
    const dina = await signUp(
      app.http,
      base,
      await invite(owner.browser, app.http, org.organisationId, 'dispatcher'),
      'Dina',
      username('dina'),
    );
    const sam = await signUp(
      app.http,
      base,
      await invite(owner.browser, app.http, org.organisationId, 'supervisor'),
      'Sam',
      username('sam'),
    );
    const newCall = (who: typeof olly) =>
      who.browser.post(`/api/v1/admin/departments/${departmentId}/calls`, { description: 'x', mapX: 1, mapY: 1 });
    t.is((await newCall(olly)).status, 403);
    t.is((await newCall(dina)).status, 201);
    const roles = expect(await owner.browser.get(`${orgPath}/roles`), 200).roles as Array<Record<string, any>>;
    t.deepEqual(
      roles.map((r) => r['role']),
      ['owner', 'admin', 'supervisor', 'dispatcher', 'officer', 'civilian'],
    );
    t.like(roles[0], { editable: false });

    const changed = expect(await owner.browser.patch(`${orgPath}/roles`, { role: 'officer', permissions: ['dispatch.manage'] }), 200);
    t.deepEqual(changed.roles.find((r: any) => r.role === 'officer').permissions, ['dispatch.manage']);
    expect(await owner.browser.patch(`${orgPath}/roles`, { role: 'dispatcher', permissions: ['records.manage'] }), 200);
    t.is((await newCall(olly)).status, 201);
    t.is((await newCall(dina)).status, 403);

    // The owner's set is every permission, always.
    t.is((await owner.browser.patch(`${orgPath}/roles`, { role: 'owner', permissions: [] })).status, 400);
    // A role editor needs organisation.settings.manage: a supervisor has none.
    t.is((await sam.browser.patch(`${orgPath}/roles`, { role: 'civilian', permissions: ['audit.view'] })).status, 403);
    // Given that permission, a supervisor still gives only what they hold themselves.
    expect(
      await owner.browser.patch(`${orgPath}/roles`, {
        role: 'supervisor',
        permissions: ['organisation.settings.manage', 'audit.view', 'roster.manage'],
      }),
      200,
    );
    t.is((await sam.browser.patch(`${orgPath}/roles`, { role: 'civilian', permissions: ['integrations.credential.manage'] })).status, 403);
    expect(await sam.browser.patch(`${orgPath}/roles`, { role: 'civilian', permissions: ['audit.view'] }), 200);
    // And only roles below their own (decision 0154): not their own supervisor's, not the admin's above it.
    const forSam = expect(await sam.browser.get(`${orgPath}/roles`), 200).roles as Array<Record<string, any>>;
    t.deepEqual(
      forSam.map((r) => [r['role'], r['editable']]),
      [
        ['owner', false],
        ['admin', false],
        ['supervisor', false],
        ['dispatcher', true],
        ['officer', true],
        ['civilian', true],
      ],
    );
    const adminSet = forSam.find((r) => r['role'] === 'admin')!['permissions'] as string[];
    const stripped = adminSet.filter((p) => p !== 'audit.view' && p !== 'roster.manage');
    t.is((await sam.browser.patch(`${orgPath}/roles`, { role: 'admin', permissions: stripped })).status, 403);
    t.is((await sam.browser.patch(`${orgPath}/roles`, { role: 'supervisor', permissions: ['organisation.settings.manage'] })).status, 403);
    const now = expect(await owner.browser.get(`${orgPath}/roles`), 200).roles as Array<Record<string, any>>;
    t.deepEqual(now.find((r) => r['role'] === 'admin')!['permissions'], adminSet, 'the admin role is as it was');
    t.deepEqual(
      now.map((r) => [r['role'], r['editable']]),
      ROLE_ORDER.map((role) => [role, role !== 'owner']),
      'the owner edits every role but their own fixed one',
    );
    // Unknown permissions and roles are bad input.
    t.is((await owner.browser.patch(`${orgPath}/roles`, { role: 'officer', permissions: ['everything'] })).status, 400);
    t.is((await owner.browser.patch(`${orgPath}/roles`, { role: 'chief', permissions: [] })).status, 400);
    const audit = expect(await owner.browser.get(`${orgPath}/audit?limit=500`), 200) as Array<Record<string, any>>;
    t.truthy(audit.find((e) => e['action'] === 'role.changed' && e['details']?.role === 'officer'));
  });

  if (shared)
    test('a session made on one instance works on another of the same store, and its sign-out ends it on both', async (t) => {
      const { app } = t.context;
      const { owner } = await community(t);
      // The same installation: the second instance keeps the first one's bootstrap key.
      const other = await startTestService({
        storage: { kind: 'provided', persistence: await open() },
        rateLimitScale: 1000,
        bootstrapKey: app.bootstrapKey,
      });
      try {
        const there = browserOf(other.http, other.service.url, owner.browser.cookie);
        expect(await there.get('/api/v1/account'), 200);
        expect(await there.post('/api/v1/auth/sign-out'), 200);
        t.is((await owner.browser.get('/api/v1/account')).status, 401);
        t.is(app.service.url === other.service.url, false);
      } finally {
        await other.close();
      }
    });
}
