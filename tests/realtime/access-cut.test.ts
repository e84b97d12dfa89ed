import test from 'ava';
import { bridgeWorld, unique } from '../support/bridge-driver.ts';
import { type BoardClient, boardClient } from '../support/dispatch-board.ts';
import { mdtListener, mdtSession } from '../support/mdt-driver.ts';
import { expect, organisationOf } from '../support/operator-driver.ts';
import { GOOD_PASSWORD, invite, signIn, signUp, sessionCookieOf } from '../support/people-driver.ts';
import { connected, disconnected, refused } from '../support/realtime-client.ts';
import { realtimeOnHttpPort } from '../support/http-engine.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * A live board is closed as soon as the right behind it goes, by an event, not a timer: the
 * boards' periodic check is set to ten minutes here, so each close below can only come from the
 * change itself (issue 30, point 2). Revoking a key, changing a person's role, changing a role's
 * set, signing out everywhere; and an MDT's credential revoked or rotated, or its officer signing out.
 */
let app: TestService;
const boards: BoardClient[] = [];
test.before(async () => {
  app = await startTestService({ realtime: realtimeOnHttpPort, rateLimitScale: 1000, dispatchRecheckMs: 600_000 });
});
test.after.always(async () => {
  boards.forEach((board) => board.close());
  await app?.close();
});

const watch = (auth: Record<string, unknown>, headers?: Record<string, string>) => {
  const board = boardClient(app.service.realtime!.url, auth, ['websocket'], headers);
  boards.push(board);
  return board;
};
const snapshot = (board: BoardClient) => board.next('snapshot', (e) => e.type === 'snapshot');

async function community() {
  const world = await bridgeWorld(app);
  const org = organisationOf(app.http, app.bootstrapKey, world.organisationId);
  return { world, org };
}

test.serial('a revoked key’s board closes at once; another key’s board stays', async (t) => {
  const { world, org } = await community();
  const { key, operatorKeyId } = await org.operatorKey(['dispatch.view'], unique('watcher-'));
  const { key: other } = await org.operatorKey(['dispatch.view'], unique('other-'));
  const board = watch({ key, organisationId: world.organisationId });
  const stays = watch({ key: other, organisationId: world.organisationId });
  await Promise.all([snapshot(board), snapshot(stays)]);
  const cut = disconnected(board.socket);
  expect(await app.http.post(`/api/v1/admin/operator-keys/${operatorKeyId}/revoke`, undefined, { token: app.bootstrapKey }), 200);
  t.is(await cut, 'io server disconnect');
  t.true(stays.socket.connected);
});

test.serial(
  'a person’s board closes at once when their role changes, when their role loses the right, and when they sign out everywhere',
  async (t) => {
    const { world } = await community();
    const page = (cookie: string) => ({ cookie, origin: app.service.url });
    const admit = { organisationId: world.organisationId };
    const roles = `/api/v1/admin/organisations/${world.organisationId}/roles`;
    const join = async (name: string) => {
      const username = unique(`${name}.`);
      const person = await signUp(
        app.http,
        app.service.url,
        await invite({ key: app.bootstrapKey }, app.http, world.organisationId, 'dispatcher'),
        name,
        username,
      );
      return { ...person, username };
    };

    // A role changed on People: the person's sessions end, and their board with them.
    const dana = await join('Dana');
    const first = watch(admit, page(dana.browser.cookie));
    await snapshot(first);
    const cutByRole = disconnected(first.socket);
    expect(
      await app.http.patch(
        `/api/v1/admin/organisations/${world.organisationId}/people/${dana.personId}`,
        { role: 'supervisor' },
        { token: app.bootstrapKey },
      ),
      200,
    );
    t.is(await cutByRole, 'io server disconnect');

    // A role's set changed: every board of that role that no longer holds the right closes; others stay.
    const dina = await join('Dina');
    const second = watch(admit, page(dina.browser.cookie));
    await snapshot(second);
    const again = sessionCookieOf(await signIn(app.http, app.service.url, dana.username, GOOD_PASSWORD));
    const supervisor = watch(admit, page(again));
    await snapshot(supervisor);
    const cutBySet = disconnected(second.socket);
    expect(await app.http.patch(roles, { role: 'dispatcher', permissions: ['records.manage'] }, { token: app.bootstrapKey }), 200);
    t.is(await cutBySet, 'io server disconnect');
    t.true(supervisor.socket.connected, 'a supervisor still holds dispatch.view');

    // Signing out everywhere closes the person's boards.
    const cutBySignOut = disconnected(supervisor.socket);
    expect(await app.http.post('/api/v1/auth/sign-out-everywhere', undefined, { headers: page(again) }), 200);
    t.is(await cutBySignOut, 'io server disconnect');

    // The dispatcher role given its rights back admits a board again.
    expect(await app.http.patch(roles, { role: 'dispatcher', permissions: ['dispatch.view'] }, { token: app.bootstrapKey }), 200);
    await connected(watch(admit, page(dina.browser.cookie)).socket);
  },
);

test.serial('an MDT opened through a credential closes at once when that credential is revoked', async (t) => {
  const restarted = await startTestService({ realtime: realtimeOnHttpPort, rateLimitScale: 1000, mdtRecheckMs: 600_000 });
  t.teardown(() => restarted.close());
  const world = await bridgeWorld(restarted);
  const officer = await world.officer();
  const mdt = await mdtSession(world, officer);
  const listener = mdtListener(restarted.service.realtime!.url, { token: mdt.sessionToken });
  t.teardown(() => listener.close());
  await connected(listener.socket);
  const cut = disconnected(listener.socket);
  const { clientId } = world.desk.credential;
  expect(await restarted.http.post(`/api/v1/admin/credentials/${clientId}/revoke`, undefined, { token: restarted.bootstrapKey }), 200);
  t.is(await cut, 'io server disconnect');
});

test.serial('an MDT opened through a credential closes at once when that credential’s secret is rotated', async (t) => {
  const restarted = await startTestService({ realtime: realtimeOnHttpPort, rateLimitScale: 1000, mdtRecheckMs: 600_000 });
  t.teardown(() => restarted.close());
  const world = await bridgeWorld(restarted);
  const mdt = await mdtSession(world, await world.officer());
  const listener = mdtListener(restarted.service.realtime!.url, { token: mdt.sessionToken });
  t.teardown(() => listener.close());
  await connected(listener.socket);
  const cut = disconnected(listener.socket);
  const { clientId } = world.desk.credential;
  expect(await restarted.http.post(`/api/v1/admin/credentials/${clientId}/rotate`, undefined, { token: restarted.bootstrapKey }), 200);
  t.is(await cut, 'io server disconnect');
});

test.serial('an MDT closes within a second when its officer signs out; another MDT of the same officer stays', async (t) => {
  const restarted = await startTestService({ realtime: realtimeOnHttpPort, rateLimitScale: 1000, mdtRecheckMs: 600_000 });
  t.teardown(() => restarted.close());
  const world = await bridgeWorld(restarted);
  const officer = await world.officer();
  const [mdt, other] = [await mdtSession(world, officer), await mdtSession(world, officer)];
  const [listener, stays] = [mdt, other].map((session) => mdtListener(restarted.service.realtime!.url, { token: session.sessionToken }));
  t.teardown(() => [listener, stays].forEach((each) => each!.close()));
  await Promise.all([connected(listener!.socket), connected(stays!.socket)]);
  const cut = disconnected(listener!.socket);
  const signedOutAt = Date.now();
  expect(await mdt.post('/sign-out'), 200);
  t.is(await cut, 'io server disconnect');
  t.true(Date.now() - signedOutAt < 1_000, 'closed by the sign-out, within a second');
  t.true(stays!.socket.connected, 'the officer’s other MDT stays');
  // Connecting again with the signed-out session is refused as any ended session.
  const again = mdtListener(restarted.service.realtime!.url, { token: mdt.sessionToken });
  t.teardown(() => again.close());
  t.deepEqual((await refused(again.socket)).data, { reason: 'invalid_session' });
});

test.serial('an MDT closes at once when its player unlinks the game from their character, and when they retire it', async (t) => {
  const restarted = await startTestService({ realtime: realtimeOnHttpPort, rateLimitScale: 1000, mdtRecheckMs: 600_000 });
  t.teardown(() => restarted.close());
  const world = await bridgeWorld(restarted);
  const { browser } = await signUp(
    restarted.http,
    restarted.service.url,
    await invite({ key: restarted.bootstrapKey }, restarted.http, world.organisationId, 'civilian'),
    'Pat',
    unique('pat.'),
  );
  const mine = `/api/v1/account/organisations/${world.organisationId}/characters`;
  const officerOf = async (firstName: string) => {
    const { characterId } = expect(await browser.post(mine, { firstName, lastName: unique('Owner') }), 201);
    await world.member(characterId);
    const { code } = expect(await browser.post(`/api/v1/account/characters/${characterId}/link-codes`), 201);
    const identifiers = { license: `license:${unique()}` };
    t.like(expect(await world.desk.post('/identity/link', { identifiers, code }), 200), { linked: true });
    await world.goOnDuty({ identifiers });
    const mdt = await mdtSession(world, { identifiers, unitId: '' } as never);
    const listener = mdtListener(restarted.service.realtime!.url, { token: mdt.sessionToken });
    t.teardown(() => listener.close());
    await connected(listener.socket);
    return { characterId, identifiers, listener };
  };

  const unlinked = await officerOf('Ula');
  const retired = await officerOf('Rita');
  const cutByUnlink = disconnected(unlinked.listener.socket);
  expect(
    await browser.post(`/api/v1/account/characters/${unlinked.characterId}/unlink`, {
      kind: 'license',
      value: unlinked.identifiers.license,
    }),
    200,
  );
  t.is(await cutByUnlink, 'io server disconnect');
  t.true(retired.listener.socket.connected, 'another character’s MDT stays');

  const cutByRetire = disconnected(retired.listener.socket);
  expect(await browser.post(`/api/v1/account/characters/${retired.characterId}/retire`), 200);
  t.is(await cutByRetire, 'io server disconnect');
});
