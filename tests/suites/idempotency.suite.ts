import { createHash, randomUUID } from 'node:crypto';
import type { TestFn } from 'ava';
import { SAFE_TO_REPEAT, takesIdempotencyKey } from '../../adapters/http/route-spec.ts';
import { type StoreKind, coverageOn, routesFor } from '../support/coverage.ts';
import { ROUTES } from '../../adapters/http/routes/index.ts';
import { BRIDGE } from '../support/bridge-driver.ts';
import type { HttpReply } from '../support/http-client.ts';
import { expect, tokenFor } from '../support/operator-driver.ts';
import { rawConnection } from '../support/raw-connection.ts';
import { routeWorld, validBody } from '../support/route-world.ts';
import { type TestService, startTestService } from '../support/test-service.ts';
import type { InspectableStore } from '../support/write-watch.ts';

type World = Awaited<ReturnType<typeof routeWorld>>;
export type IdempotencyContext = { app: TestService; store: InspectableStore; world: World };

const keyed = (key: string) => ({ 'idempotency-key': key });
/** Rows of a table whose stored form mentions the text (a unique description, an id), on any store. */
const rowsMentioning = (snapshot: Record<string, unknown[]>, table: string, text: string) =>
  (snapshot[table] ?? []).filter((row) => JSON.stringify(row).includes(text)).length;
/** How many idempotency keys the store keeps, on any store. */
const keysKept = async (store: InspectableStore) => ((await store.snapshot())['idempotency_keys'] ?? []).length;
const report911 = (description: string) => ({ identifiers: { license: 'license:world-officer' }, mapX: 100, mapY: 200, description });

/** The answer as the service sent it, read from the raw bytes the client then threw away. */
function answerIn(raw: string): { status: number; body: unknown } {
  const [head, body] = raw.split('\r\n\r\n', 2) as [string, string];
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), body: JSON.parse(body) };
}

/**
 * `Idempotency-Key` on every write (decision 0085), through the real service on the store given:
 * a retry after a lost answer replays it and writes nothing; another body is a 422; keys are per
 * credential or operator key; both header forms name one key. Serial: "writes nothing" compares
 * the whole store before and after.
 */
export function idempotencySuite(test: TestFn<IdempotencyContext>, open: () => Promise<InspectableStore>, storeKind: StoreKind): void {
  const coverage = coverageOn(storeKind);
  test.before(async (t) => {
    const store = await open();
    const app = await startTestService({ storage: { kind: 'provided', persistence: store }, rateLimitScale: 1000 });
    t.context = { app, store, world: await routeWorld(app.http, app.bootstrapKey) };
  });
  test.after.always((t) => t.context.app?.close());

  const writeRows = ROUTES.filter(takesIdempotencyKey);

  test.serial('every row but GET and the public token exchanges takes a key; the hot bridge writes are among them', (t) => {
    const names = writeRows.map((spec) => spec.operationId);
    for (const name of ['bridgeReport911', 'bridgeIssueCitation', 'bridgeLogArrest', 'bridgeIssueBolo', 'createBolo', 'createCivilian'])
      t.true(names.includes(name), name);
    t.false(writeRows.some((spec) => spec.method === 'GET' || spec.guard.kind === 'public'));
  });

  // Generated from the route table: a row added later is covered without a line here.
  for (const spec of routesFor(coverage, writeRows)) {
    test.serial(`${spec.operationId}: the same key and request again replays the first answer, marked, and writes nothing`, async (t) => {
      const { app, store, world } = t.context;
      const key = randomUUID();
      const body = await validBody(spec.operationId, world);
      const send = () => app.http.send(spec.method, world.pathOf(spec), body, { token: world.tokenOf(spec)!, headers: keyed(key) });
      const first = await send();
      t.true(first.status < 500, `${first.status} ${JSON.stringify(first.body)}`);
      t.is(first.headers.get('idempotent-replayed'), null);
      const after = await store.snapshot();
      const again = await send();
      t.deepEqual([again.status, again.body], [first.status, first.body]);
      t.is(again.headers.get('idempotent-replayed'), 'true');
      t.deepEqual(await store.snapshot(), after, 'the replay wrote nothing');
    });
  }

  // Reads and heartbeats keep no key (decision 0105): the ledger stays the size of the writes.
  test.serial('a write does keep its key: the ledger the checks below read is the one keys go to', async (t) => {
    const { app, store, world } = t.context;
    const ledger = () => keysKept(store);
    const before = await ledger();
    const reply = await app.http.post(`${BRIDGE}/911`, report911(`kept ${randomUUID()}`), {
      token: world.tokens.game,
      headers: keyed(randomUUID()),
    });
    t.is(reply.status, 200);
    t.is(await ledger(), before + 1);
  });

  for (const spec of routesFor(
    coverage,
    ROUTES.filter((s) => SAFE_TO_REPEAT.has(s.operationId)),
  )) {
    test.serial(
      `${spec.operationId}: a read or heartbeat keeps no key: sent twice with one key, it runs twice and the ledger holds nothing of it`,
      async (t) => {
        const { app, store, world } = t.context;
        const key = randomUUID();
        const body = await validBody(spec.operationId, world);
        const send = () => app.http.send(spec.method, world.pathOf(spec), body, { token: world.tokenOf(spec)!, headers: keyed(key) });
        const ledger = () => keysKept(store);
        const before = await ledger();
        const first = await send();
        const again = await send();
        t.true(first.status < 300 && again.status < 300, `${first.status} ${again.status}`);
        t.is(again.headers.get('idempotent-replayed'), null, 'not a replay: it ran again');
        t.is(await ledger(), before, 'no key was kept');
      },
    );
  }

  test.serial('/911 whose answer the client dropped: the retry with the key gets that answer, and the call exists once', async (t) => {
    const { app, store, world } = t.context;
    const key = randomUUID();
    const description = `dropped answer ${key}`;
    const payload = JSON.stringify(report911(description));
    const connection = await rawConnection(app.service.url);
    connection.write(
      `POST ${BRIDGE}/911 HTTP/1.1\r\nHost: cad\r\nAuthorization: Bearer ${world.tokens.game}\r\nContent-Type: application/json\r\n` +
        `Idempotency-Key: ${key}\r\nContent-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
    );
    await connection.closed;
    // The client lost the answer (a timeout, a proxy that cut the line): it never read what came.
    const lost = answerIn(connection.received());
    const retry = await app.http.post(`${BRIDGE}/911`, report911(description), { token: world.tokens.game, headers: keyed(key) });
    t.deepEqual([retry.status, retry.body], [lost.status, lost.body]);
    t.is(retry.status, 200);
    t.is(retry.headers.get('idempotent-replayed'), 'true');
    t.is(rowsMentioning(await store.snapshot(), 'calls', description), 1);
  });

  test.serial('100 concurrent /911 with one key create one call: every answer is that one, or a 409 while it ran', async (t) => {
    const { app, store, world } = t.context;
    const key = randomUUID();
    const description = `concurrent ${key}`;
    const replies = await Promise.all(
      Array.from({ length: 100 }, () =>
        app.http.post(`${BRIDGE}/911`, report911(description), { token: world.tokens.game, headers: keyed(key) }),
      ),
    );
    const answered = replies.filter((reply) => reply.status === 200);
    const busy = replies.filter((reply) => reply.status === 409 && reply.body?.error === 'IDEMPOTENCY_KEY_IN_USE');
    t.is(answered.length + busy.length, 100);
    t.is(answered.filter((reply) => reply.headers.get('idempotent-replayed') === null).length, 1, 'exactly one request ran');
    for (const reply of answered) t.deepEqual(reply.body, answered[0]!.body);
    t.is(rowsMentioning(await store.snapshot(), 'calls', description), 1);
  });

  test.serial('without a key, the same /911 twice is two calls: the key is what makes a retry safe', async (t) => {
    const { app, store, world } = t.context;
    const description = `no key ${randomUUID()}`;
    for (let i = 0; i < 2; i++) expect(await app.http.post(`${BRIDGE}/911`, report911(description), { token: world.tokens.game }), 200);
    t.is(rowsMentioning(await store.snapshot(), 'calls', description), 2);
  });

  test.serial('an API BOLO retried with its key exists once, and the replay is the 201 with the same BOLO', async (t) => {
    const { app, store, world } = t.context;
    const key = randomUUID();
    const body = { ...((await validBody('createBolo', world)) as object), reason: `api bolo ${key}` };
    const send = () => app.http.post('/api/v1/records/bolos', body, { token: world.tokens.api, headers: keyed(key) });
    const first = await send();
    const again = await send();
    t.is(first.status, 201);
    t.deepEqual([again.status, again.body], [first.status, first.body]);
    t.is(rowsMentioning(await store.snapshot(), 'bolos', `api bolo ${key}`), 1);
  });

  test.serial('a bridge refusal is kept and replayed like a success', async (t) => {
    const { app, world } = t.context;
    const key = randomUUID();
    const body = { identifiers: { license: 'license:world-officer' }, callId: '0190a5b6-0000-7000-8000-00000000dead' };
    const send = () => app.http.post(`${BRIDGE}/911/self-assign`, body, { token: world.tokens.game, headers: keyed(key) });
    const first = await send();
    t.deepEqual([first.status, first.body?.assigned], [200, false]);
    const again = await send();
    t.deepEqual([again.status, again.body], [first.status, first.body]);
    t.is(again.headers.get('idempotent-replayed'), 'true');
  });

  test.serial('the same key with another body is a 422 IDEMPOTENCY_KEY_REUSED and writes nothing', async (t) => {
    const { app, store, world } = t.context;
    const key = randomUUID();
    const send = (description: string) =>
      app.http.post(`${BRIDGE}/911`, report911(description), { token: world.tokens.game, headers: keyed(key) });
    expect(await send(`first ${key}`), 200);
    const before = await store.snapshot();
    const other = await send(`other ${key}`);
    t.deepEqual([other.status, other.body?.error], [422, 'IDEMPOTENCY_KEY_REUSED']);
    t.deepEqual(await store.snapshot(), before);
  });

  test.serial("one credential's key is not visible to another: the other's request with it runs as its own", async (t) => {
    const { app, store, world } = t.context;
    const otherGame = await tokenFor(app.http, await world.org.gameCredential(world.ids['departmentId']!, []));
    const key = randomUUID();
    const description = `two credentials ${key}`;
    const send = (token: string) => app.http.post(`${BRIDGE}/911`, report911(description), { token, headers: keyed(key) });
    const mine = expect(await send(world.tokens.game), 200);
    const theirs = await send(otherGame);
    t.is(theirs.status, 200);
    t.is(theirs.headers.get('idempotent-replayed'), null);
    t.not(theirs.body.callId, mine.callId);
    t.is(rowsMentioning(await store.snapshot(), 'calls', description), 2);
  });

  test.serial("an operator key's keys are its own too: another operator key with the same key runs again", async (t) => {
    const { app, store, world } = t.context;
    const deputy = await world.org.operatorKey(['records.manage'], 'records clerk');
    const key = randomUUID();
    const body = { firstName: 'Idem', lastName: key, dateOfBirth: '1990-01-01' };
    const path = `/api/v1/admin/organisations/${world.org.organisationId}/civilians`;
    const send = (token: string) => app.http.post(path, body, { token, headers: keyed(key) });
    const first = expect(await send(app.bootstrapKey), 201);
    const replay = await send(app.bootstrapKey);
    t.deepEqual(replay.body, first);
    const other = await send(deputy.key);
    t.is(other.status, 201);
    t.not(other.body.civilianId, first.civilianId);
    t.is(rowsMentioning(await store.snapshot(), 'civilians', key), 2);
  });

  test.serial('the quoted form of the draft and the bare form name the same key', async (t) => {
    const { app, store, world } = t.context;
    const key = `order-${randomUUID()}`;
    const description = `forms ${key}`;
    const send = (header: string) =>
      app.http.post(`${BRIDGE}/911`, report911(description), { token: world.tokens.game, headers: keyed(header) });
    const quoted = expect(await send(`"${key}"`), 200);
    const bare = await send(key);
    t.deepEqual(bare.body, quoted);
    t.is(bare.headers.get('idempotent-replayed'), 'true');
    t.is(rowsMentioning(await store.snapshot(), 'calls', description), 1);
  });

  test.serial(
    'a key of 255 characters is taken; 256, an empty one, a bare one with a space or a broken quote are a 400 on the header',
    async (t) => {
      const { app, store, world } = t.context;
      const send = (header: string) =>
        app.http.post(`${BRIDGE}/911`, report911(`bad key ${header.length}`), { token: world.tokens.game, headers: keyed(header) });
      t.is((await send('k'.repeat(255))).status, 200);
      const before = await store.snapshot();
      for (const header of ['k'.repeat(256), '""', 'two words', '"open', `"${'k'.repeat(256)}"`]) {
        const reply: HttpReply = await send(header);
        t.deepEqual([reply.status, reply.body?.error, reply.body?.details?.[0]?.in], [400, 'VALIDATION_FAILED', 'header'], header);
      }
      t.deepEqual(await store.snapshot(), before, 'a refused key wrote nothing');
    },
  );

  test.serial('a request refused before it runs (invalid body) keeps nothing: the key is free for the corrected request', async (t) => {
    const { app, world } = t.context;
    const key = randomUUID();
    const token = world.tokens.game;
    const bad = await app.http.post(`${BRIDGE}/911`, { identifiers: { license: 'license:world-officer' } }, { token, headers: keyed(key) });
    t.is(bad.status, 400);
    const good = await app.http.post(`${BRIDGE}/911`, report911(`corrected ${key}`), { token, headers: keyed(key) });
    t.deepEqual([good.status, good.headers.get('idempotent-replayed')], [200, null]);
  });

  test.serial('the stored request digest is keyed by the Idempotency-Key: the table alone confirms no guessed request', async (t) => {
    const { app, store, world } = t.context;
    const body = report911(`guessable ${randomUUID()}`);
    const plain = createHash('sha256')
      .update(`POST ${BRIDGE}/911?\n${JSON.stringify(body)}`)
      .digest('base64url');
    for (const key of [randomUUID(), randomUUID()]) {
      expect(await app.http.post(`${BRIDGE}/911`, body, { token: world.tokens.game, headers: keyed(key) }), 200);
    }
    const rows = (await store.snapshot())['idempotency_keys'] ?? [];
    t.true(rows.length >= 2);
    t.is(rowsMentioning(await store.snapshot(), 'idempotency_keys', plain), 0, 'no row holds the plain digest of the request');
    const digests = rows.map((row) => (row as { fingerprint: string }).fingerprint);
    t.is(new Set(digests).size, digests.length, 'one request under two keys: two digests');
  });
}
