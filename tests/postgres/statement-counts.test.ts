/**
 * How many messages (round trips) each bridge route sends to PostgreSQL today, counted on the client
 * connection (`tests/support/statement-counter.ts`): in total, and inside transactions.
 * The table asserts the exact counts, so that a statement added to a route fails here; a change that
 * removes statements updates its row on purpose (issue 11 lowers them, `/911/self-assign` to at most
 * five inside its transaction).
 *
 * One composed service on a fresh schema, a prepared population, then one request per row, one after
 * the other, so that only that request's statements are counted. Bodies are the bridge benchmark's.
 */
import anyTest, { type TestFn } from 'ava';
import { bridgeRouteLoads } from '../bench/bridge-loads.ts';
import { BRIDGE } from '../support/bridge-driver.ts';
import { type BridgeWorld, defaultSize, prepareBridgeWorld } from '../support/bridge-population.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type StatementCounter, type StatementTally, attachStatementCounter } from '../support/statement-counter.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

interface Context {
  readonly app: TestService;
  readonly world: BridgeWorld;
  readonly counter: StatementCounter;
}
const test = anyTest as TestFn<Context>;

interface Request {
  readonly method: 'POST' | 'GET';
  readonly path: string;
  readonly body?: string;
  /** Text the answer must contain: the request did what the row says. */
  readonly answer: string;
}

/**
 * Today's counts of messages (round trips): [inside a transaction, in total]. Since decision 0148
 * `begin` goes with the transaction's first statement and the writes after the decision with the
 * next statement or the `commit`, so a bare `begin` or `commit` is rare and not counted inside.
 */
const expected: Record<string, readonly [number, number]> = {
  'POST /location (out of radius)': [0, 1],
  // The gate's read, then begin with its locking read, then the unit and its audit entry with the commit.
  'POST /location (arrives: ON_SCENE)': [2, 3],
  'POST /location (in radius, already ON_SCENE)': [0, 1],
  'POST /waypoint': [0, 1],
  'POST /lookup/vehicle': [0, 3],
  'POST /lookup/person': [0, 2],
  'POST /warrant-check': [0, 3],
  'POST /bolo-check': [0, 3],
  'POST /mdt-handoff': [3, 3],
  'POST /presence (8 identifiers)': [4, 5],
  'POST /duty (off)': [3, 3],
  'POST /duty (on)': [3, 3],
  // Nothing written: the bare commit is not counted inside.
  'POST /duty (on, already on)': [2, 3],
  // begin with the call's locking read; the gate's locking read; the unit, the call, the audit entry
  // and the department's waypoint number (decision 0090) with the commit (decision 0150).
  'POST /911/self-assign': [3, 3],
  'POST /911/unassign': [3, 3],
  // begin with the gate's read; the call's shared read (decision 0149); its note and the audit entry with the commit.
  'POST /911/narrative': [3, 3],
  // The record number is issued on a connection of its own, outside the transaction (decision 0146).
  'POST /panic': [2, 3],
  'POST /911': [3, 4],
  'POST /bolo': [5, 6],
  'POST /bolo/:boloId/resolve': [3, 3],
  'POST /bolo/:boloId/resolve (already resolved)': [2, 3],
  'POST /citation': [4, 5],
  'POST /arrest (two charges)': [4, 5],
  'POST /civilian (existing)': [2, 3],
  'POST /civilian/claim': [4, 4],
  'POST /civilian/claim (own, again)': [3, 4],
  'POST /vehicle (existing)': [3, 3],
  'POST /identity/link': [5, 5],
  'GET /resource-release/latest (unknown)': [0, 1],
};

/** The rows, in the order they run; each names the request it sends. */
function rows(w: BridgeWorld): Array<{ route: string; request: Request }> {
  const loads = new Map(bridgeRouteLoads(w).map((l) => [l.key, l]));
  const first = (key: string, step = 0, index = 0): Request => {
    const load = loads.get(key)!;
    const s = load.steps[step]!;
    return { method: s.method ?? 'POST', path: s.path, body: s.bodies![index], answer: load.expectText };
  };
  const officer = w.onCall[0]!;
  const arriving = {
    method: 'POST',
    path: `${BRIDGE}/location`,
    body: JSON.stringify({ identifiers: officer, mapX: 3, mapY: -4 }),
    answer: '"reported":true',
  } as const;
  return [
    { route: 'POST /location (out of radius)', request: first('location') },
    { route: 'POST /location (arrives: ON_SCENE)', request: arriving },
    { route: 'POST /location (in radius, already ON_SCENE)', request: arriving },
    { route: 'POST /waypoint', request: first('waypoint') },
    { route: 'POST /lookup/vehicle', request: first('lookup-vehicle') },
    { route: 'POST /lookup/person', request: first('lookup-person') },
    { route: 'POST /warrant-check', request: first('warrant-check') },
    { route: 'POST /bolo-check', request: first('bolo-check') },
    { route: 'POST /mdt-handoff', request: first('mdt-handoff') },
    { route: `POST /presence (${w.officers.length + w.spares.length + w.dutyOfficers.length} identifiers)`, request: first('presence') },
    { route: 'POST /duty (off)', request: first('duty', 0, w.dutyOfficers.length) },
    { route: 'POST /duty (on)', request: first('duty', 0, 0) },
    { route: 'POST /duty (on, already on)', request: first('duty', 0, 0) },
    { route: 'POST /911/self-assign', request: first('self-assign', 0) },
    { route: 'POST /911/unassign', request: first('self-assign', 1) },
    { route: 'POST /911/narrative', request: first('narrative') },
    { route: 'POST /panic', request: first('panic') },
    { route: 'POST /911', request: first('911') },
    { route: 'POST /bolo', request: first('bolo') },
    { route: 'POST /bolo/:boloId/resolve', request: first('bolo-resolve') },
    { route: 'POST /bolo/:boloId/resolve (already resolved)', request: first('bolo-resolve') },
    { route: 'POST /citation', request: first('citation') },
    { route: 'POST /arrest (two charges)', request: first('arrest') },
    { route: 'POST /civilian (existing)', request: first('civilian') },
    { route: 'POST /civilian/claim', request: first('civilian-claim') },
    { route: 'POST /civilian/claim (own, again)', request: first('civilian-claim') },
    { route: 'POST /vehicle (existing)', request: first('vehicle') },
    { route: 'POST /identity/link', request: first('identity-link') },
    {
      route: 'GET /resource-release/latest (unknown)',
      request: {
        method: 'GET',
        path: `${BRIDGE}/resource-release/latest?resourceSlug=cad-bridge&currentVersion=1.0.0`,
        answer: '"found":false',
      },
    },
  ];
}

/** Sends one request and counts its statements, including any that follow the answer at once. */
async function count(
  t: { context: Context },
  request: Request,
  headers: Record<string, string> = {},
): Promise<{ tally: StatementTally; text: string }> {
  const { app, world, counter } = t.context;
  counter.start();
  const response = await fetch(app.service.url + request.path, {
    method: request.method,
    headers: request.method === 'POST' ? { authorization: `Bearer ${world.token}`, 'content-type': 'application/json', ...headers } : {},
    body: request.body,
  });
  const text = await response.text();
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { tally: counter.stop(), text };
}

whenPostgres(test, 'statement counts of the bridge routes on PostgreSQL', (url) => {
  const schema = freshSchemaName('statements');

  test.before(async (t) => {
    const counter = attachStatementCounter();
    const app = await startTestService({
      storage: { kind: 'postgres', url, schema },
      rateLimitScale: 1_000_000,
      autoProvisionPerHour: 1_000_000,
    });
    const world = await prepareBridgeWorld(app.service.url, app.bootstrapKey, {
      ...defaultSize,
      officers: 4,
      spareOfficers: 2,
      dutyOfficers: 2,
      calls: 2,
      people: 4,
      bolos: 2,
      linkCodes: 1,
    });
    t.context = { app, world, counter };
  });
  test.after.always(async (t) => {
    t.context.counter?.detach();
    await t.context.app?.close();
    await dropSchema(url, schema);
  });

  test.serial('every bridge route sends exactly the messages it sends today', async (t) => {
    const measured: Record<string, readonly [number, number]> = {};
    const lines: string[] = ['| route | in transaction | total |', '|---|---|---|'];
    for (const { route, request } of rows(t.context.world)) {
      const { tally, text } = await count(t, request);
      t.true(text.includes(request.answer), `${route} answered ${text}`);
      measured[route] = [tally.inTransaction, tally.total];
      lines.push(`| ${route} | ${tally.inTransaction} | ${tally.total} |`);
      if (process.env['STATEMENTS_LOG'] !== undefined || route === 'POST /911/self-assign')
        t.log(`${route}:\n  ${tally.statements.join('\n  ')}`);
    }
    t.log(`\n${lines.join('\n')}`);
    t.deepEqual(measured, expected);
  });

  test.serial(
    'an Idempotency-Key costs a write five messages, four of them in its transaction; a replay costs three and writes nothing',
    async (t) => {
      const request = rows(t.context.world).find((row) => row.route === 'POST /911')!.request;
      const plain = await count(t, request);
      // The first keyed write of a process also sweeps expired keys after its commit (then at most every ten minutes): done first.
      await count(t, request, { 'idempotency-key': `sweep-${Date.now()}` });
      const key = { 'idempotency-key': `statements-${Date.now()}` };
      const keyed = await count(t, request, key);
      const replay = await count(t, request, key);
      t.true(keyed.text.includes(request.answer), keyed.text);
      t.is(replay.text, keyed.text);
      // The claim (its advisory lock, with begin), the key's read, the savepoint, the answer kept, and the
      // commit, which no longer carries the write's held statements (they go with the savepoint's release).
      t.deepEqual([keyed.tally.inTransaction, keyed.tally.total], [plain.tally.inTransaction + 4, plain.tally.total + 5]);
      // begin with the claim, the key's read, the bare commit.
      t.deepEqual([replay.tally.inTransaction, replay.tally.total], [2, 3]);
    },
  );
});
