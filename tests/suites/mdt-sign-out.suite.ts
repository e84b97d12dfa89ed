import type { TestFn } from 'ava';
import { ManualClock } from '../../adapters/system/manual-clock.ts';
import type { RouteSpec } from '../../adapters/http/route-spec.ts';
import { ROUTES } from '../../adapters/http/routes/index.ts';
import { type BridgeWorld, bridgeWorld } from '../support/bridge-driver.ts';
import { type MdtClient, mdtSession } from '../support/mdt-driver.ts';
import { expect } from '../support/operator-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';
import type { InspectableStore } from '../support/write-watch.ts';

export type MdtSignOutContext = { app: TestService; store: InspectableStore; clock: ManualClock };

const UNAUTHORIZED = { error: 'UNAUTHORIZED', message: 'Authentication failed.' };
const MDT_ROUTES = ROUTES.filter((spec) => spec.guard.kind === 'mdt');
const SHIFT_MS = 4 * 3600 * 1000;
const ended = async (store: InspectableStore) => ((await store.snapshot())['ended_mdt_sessions'] ?? []).length;

/** Every MDT route with the session, a body each accepts; the answers in route order. */
async function everyRoute(app: TestService, mdt: MdtClient, callId: string) {
  const body = { text: 'x', plate: 'X1', firstName: 'A', lastName: 'B', dateOfBirth: '2000-01-01' };
  const send = (spec: RouteSpec) =>
    app.http.send(spec.method, spec.path.replace(':callId', callId), spec.body ? body : undefined, { token: mdt.sessionToken });
  const replies = [];
  for (const spec of MDT_ROUTES) replies.push({ operationId: spec.operationId, ...(await send(spec)) });
  return replies;
}

const signedOutEntries = async (world: BridgeWorld) => (await world.audit()).filter((e) => e.action === 'mdt_session.signed_out');

/**
 * An officer's own Sign out of the MDT (issue 30, point 4; decision 0108), through real HTTP on the
 * store given: the session is listed as ended until it expires, so every MDT route answers it the
 * same 401 as an expired one; another session of the same officer stays; it is audited once;
 * signing out twice is harmless; the list forgets a session once it has expired. Serial: the
 * clock is shared.
 */
export function mdtSignOutSuite(test: TestFn<MdtSignOutContext>, open: () => Promise<InspectableStore>): void {
  test.before(async (t) => {
    const store = await open();
    const clock = new ManualClock(new Date());
    const app = await startTestService({ storage: { kind: 'provided', persistence: store }, rateLimitScale: 1000, clock });
    t.context = { app, store, clock };
  });
  test.after.always((t) => t.context.app?.close());

  test.serial('after Sign out every MDT route answers the session as an expired one; another session of the officer stays', async (t) => {
    const { app, clock } = t.context;
    const world = await bridgeWorld(app);
    const officer = await world.officer();
    const call = await world.openCall();
    const [mdt, other] = [await mdtSession(world, officer), await mdtSession(world, officer)];
    expect(await mdt.get('/me'), 200);
    // A session issued a shift and a second ago: what an expired session is answered.
    clock.set(new Date(Date.now() - SHIFT_MS - 1000));
    const expired = await mdtSession(world, await world.officer());
    clock.set(new Date());

    const signedOut = await world.audited(() => mdt.post('/sign-out'));
    t.deepEqual([signedOut.result.status, signedOut.result.body], [200, { signedOut: true }]);
    t.deepEqual(
      signedOut.entries.map((e) => [e.action, e.actor.id, e.playerCharacterId]),
      [['mdt_session.signed_out', world.desk.credential.clientId, officer.characterId]],
      'audited once, as the hand-off credential acting for the character',
    );

    const after = await everyRoute(app, mdt, call.callId);
    const asExpired = await everyRoute(app, expired, call.callId);
    t.true(after.length >= 12);
    for (const reply of after) t.deepEqual([reply.status, reply.body], [401, UNAUTHORIZED], reply.operationId);
    t.deepEqual(
      after.map((r) => [r.operationId, r.status, r.body]),
      asExpired.map((r) => [r.operationId, r.status, r.body]),
      'the same answers as an expired session',
    );
    t.like(expect(await other.get('/me'), 200), { characterPublicId: officer.characterPublicId });
    t.is((await world.readCall(call.callId)).notes.length, 0, 'nothing reached the call');
  });

  test.serial('signing out twice is harmless: the second is the 401 of an ended session and writes nothing', async (t) => {
    const { app, store } = t.context;
    const world = await bridgeWorld(app);
    const mdt = await mdtSession(world, await world.officer());
    expect(await mdt.post('/sign-out'), 200);
    const before = await store.snapshot();
    const again = await mdt.post('/sign-out');
    t.deepEqual([again.status, again.body], [401, UNAUTHORIZED]);
    t.deepEqual(await store.snapshot(), before, 'nothing written');
    t.is((await signedOutEntries(world)).length, 1);
  });

  test.serial('two sign-outs of one session at once: each is answered, none fails, one entry is listed and audited', async (t) => {
    const { app, store } = t.context;
    const world = await bridgeWorld(app);
    const mdt = await mdtSession(world, await world.officer());
    const listed = await ended(store);
    const replies = await Promise.all([mdt.post('/sign-out'), mdt.post('/sign-out'), mdt.post('/sign-out')]);
    for (const reply of replies) t.true(reply.status === 200 || reply.status === 401, `${reply.status} ${JSON.stringify(reply.body)}`);
    t.true(replies.some((reply) => reply.status === 200));
    t.is(await ended(store), listed + 1);
    t.is((await signedOutEntries(world)).length, 1);
    t.is((await mdt.get('/me')).status, 401);
  });

  test.serial('the list keeps a signed-out session until it expires, and a later sign-out forgets the expired ones', async (t) => {
    const { app, store, clock } = t.context;
    const world = await bridgeWorld(app);
    const officer = await world.officer();
    const listedBefore = await ended(store);
    expect(await (await mdtSession(world, officer)).post('/sign-out'), 200);
    t.is(await ended(store), listedBefore + 1, 'listed while it could still be used');
    // Past every session signed out so far: the next sign-out sweeps them all away.
    clock.set(new Date(Date.now() + SHIFT_MS + 60_000));
    try {
      expect(await (await mdtSession(world, officer)).post('/sign-out'), 200);
      t.is(await ended(store), 1, 'only the session that could still be used');
    } finally {
      clock.set(new Date());
    }
  });
}
