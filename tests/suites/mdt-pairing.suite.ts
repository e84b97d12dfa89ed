import type { TestFn } from 'ava';
import { ManualClock } from '../../adapters/system/manual-clock.ts';
import { bridgeWorld } from '../support/bridge-driver.ts';
import { expect } from '../support/operator-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';
import type { InspectableStore } from '../support/write-watch.ts';

export type MdtPairingContext = { app: TestService; store: InspectableStore; clock: ManualClock };

const PAIRING = '/api/v1/auth/mdt-pairing';
const COLLECT = '/api/v1/auth/mdt-handoff/session';
const UNAUTHORIZED = { error: 'UNAUTHORIZED', message: 'Authentication failed.' };

/**
 * Pairing that starts on the MDT page (issue 30, point 5; decision 0108), through real HTTP on the
 * store given: the page's code binds the hand-off of whoever types it in the game, once; a used,
 * lapsed or unknown code is the documented refusal and writes nothing; the page collects its
 * session once; the player's budget of hand-offs counts these too. Serial: the clock is shared.
 */
export function mdtPairingSuite(test: TestFn<MdtPairingContext>, open: () => Promise<InspectableStore>): void {
  test.before(async (t) => {
    const store = await open();
    const clock = new ManualClock(new Date());
    const app = await startTestService({ storage: { kind: 'provided', persistence: store }, rateLimitScale: 1000, clock });
    t.context = { app, store, clock };
  });
  test.after.always((t) => t.context.app?.close());

  const start = async (app: TestService) =>
    expect(await app.http.post(PAIRING, undefined), 201) as { confirmationCode: string; pairingToken: string; expiresAt: string };

  test.serial('a page’s code, typed by a player, gives that page the player’s session, once', async (t) => {
    const { app } = t.context;
    const world = await bridgeWorld(app);
    const officer = await world.officer();
    const page = await start(app);
    t.deepEqual(Object.keys(page).sort(), ['confirmationCode', 'expiresAt', 'pairingToken']);
    t.deepEqual(expect(await app.http.post(COLLECT, { pairingToken: page.pairingToken }), 202), { expiresAt: page.expiresAt });
    const body = { identifiers: officer.identifiers, code: page.confirmationCode, departmentSlug: world.desk.slug, onDuty: true };
    const confirmed = await world.audited(() => world.desk.post('/mdt-handoff/confirm', body));
    t.deepEqual(confirmed.result.body, { confirmed: true });
    t.deepEqual(
      confirmed.entries.map((e) => [e.action, e.playerCharacterId]),
      [['mdt_handoff.confirmed', officer.characterId]],
    );
    const session = expect(await app.http.post(COLLECT, { pairingToken: page.pairingToken }), 200);
    t.like(session, { tier: 'full', characterPublicId: officer.characterPublicId });
    t.like(expect(await app.http.get('/api/v1/mdt/me', { token: session.sessionToken }), 200), { tier: 'full' });
    t.deepEqual((await app.http.post(COLLECT, { pairingToken: page.pairingToken })).body, UNAUTHORIZED, 'collected once');
  });

  test.serial('a used, lapsed or unknown code is invalid_or_expired_code and writes nothing', async (t) => {
    const { app, store, clock } = t.context;
    const world = await bridgeWorld(app);
    const [jane, john] = [await world.officer(), await world.officer()];
    const used = await start(app);
    expect(await world.desk.post('/mdt-handoff/confirm', { identifiers: jane.identifiers, code: used.confirmationCode }), 200);
    const lapsed = await start(app);
    clock.set(new Date(Date.now() + 121_000));
    try {
      for (const code of [used.confirmationCode, lapsed.confirmationCode, 'ZZZZZZ']) {
        const before = await store.snapshot();
        const reply = await world.desk.post('/mdt-handoff/confirm', { identifiers: john.identifiers, code });
        t.deepEqual([reply.status, reply.body], [200, { confirmed: false, reason: 'invalid_or_expired_code' }], code);
        t.deepEqual(await store.snapshot(), before, `${code}: nothing written`);
      }
      t.deepEqual((await app.http.post(COLLECT, { pairingToken: lapsed.pairingToken })).body, UNAUTHORIZED, 'a lapsed page is told');
    } finally {
      clock.set(new Date());
    }
  });

  test.serial('each confirmed page spends one of the player’s three hand-offs a minute; a fourth is the contract’s 429', async (t) => {
    const { app, store } = t.context;
    const world = await bridgeWorld(app);
    const officer = await world.officer();
    for (let i = 0; i < 3; i++) {
      const { confirmationCode: code } = await start(app);
      expect(await world.desk.post('/mdt-handoff/confirm', { identifiers: officer.identifiers, code }), 200);
    }
    const page = await start(app);
    const before = await store.snapshot();
    const refused = await world.desk.post('/mdt-handoff/confirm', { identifiers: officer.identifiers, code: page.confirmationCode });
    t.deepEqual([refused.status, refused.body?.error], [429, 'RATE_LIMITED']);
    t.deepEqual(await store.snapshot(), before, 'nothing written; the page still waits');
    const other = await world.officer();
    t.deepEqual(
      (await world.desk.post('/mdt-handoff/confirm', { identifiers: other.identifiers, code: page.confirmationCode })).body,
      { confirmed: true },
      'another player of the server still has theirs',
    );
  });
}
