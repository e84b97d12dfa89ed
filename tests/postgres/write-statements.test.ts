/**
 * The statements each bridge route sends to the database, counted on the driver connection
 * (`begin` and `commit` included), on PostgreSQL and on the embedded PGlite: the exact count per
 * route is asserted, so a statement added to a hot path fails here. One request at a time, one
 * service per store, so every statement seen belongs to the request that ran.
 */
import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import { type BridgeWorld, bridgeWorld } from '../support/bridge-driver.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type StatementLog, openStatementLog } from '../support/statement-log.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

const test = anyTest as TestFn<{ log: StatementLog }>;

test.before((t) => {
  t.context = { log: openStatementLog() };
});
test.after.always((t) => t.context.log?.close());

/** Statements per route on PGlite, `begin` and `commit` counted. */
const EXPECTED = {
  'location, no pin': 1,
  'location, pin out of range': 1,
  'location, arrival': 6,
  // A waypoint change takes its department's sequence number in the transaction (decision 0090).
  'self-assign': 8,
  unassign: 7,
  // The note without the call's row (decision 0149).
  narrative: 6,
  'duty off': 6,
  'duty on': 6,
};

/**
 * Messages per route on PostgreSQL, where `begin` goes with the first statement and the writes after
 * the decision with the next statement or the `commit` (decision 0148).
 */
const EXPECTED_POSTGRES: typeof EXPECTED = {
  'location, no pin': 1,
  'location, pin out of range': 1,
  // begin with the gate's locking read; the unit and its audit entry with the commit.
  'location, arrival': 3,
  // begin with the call's locking read; the gate's read; the unit, the call, the audit entry and the
  // waypoint number with the commit (decision 0150).
  'self-assign': 3,
  unassign: 3,
  // begin with the gate's read; the call's shared read (decision 0149); its note and the audit entry with the commit.
  narrative: 3,
  'duty off': 3,
  'duty on': 3,
};

async function routeStatements(t: ExecutionContext<{ log: StatementLog }>, app: TestService, expected: typeof EXPECTED) {
  const w: BridgeWorld = await bridgeWorld(app, { settings: { arrivalRadius: 50 } });
  const officer = await w.officer();
  const { callId } = await w.openCall(w.departmentId, { mapX: 1000, mapY: 2000 });
  const identifiers = officer.identifiers;
  const counted: Record<string, string[]> = {};
  const run = async (label: keyof typeof EXPECTED, path: string, body: Record<string, unknown>, status = 200) => {
    let reply: { status: number; body: unknown } | undefined;
    counted[label] = await t.context.log.during(async () => {
      reply = await w.desk.post(path, { identifiers, ...body });
    });
    t.is(reply?.status, status, `${label}: ${JSON.stringify(reply?.body)}`);
  };

  await run('location, no pin', '/location', { mapX: 0, mapY: 0 });
  await run('self-assign', '/911/self-assign', { callId });
  await run('location, pin out of range', '/location', { mapX: 0, mapY: 0 });
  await run('narrative', '/911/narrative', { callId, text: 'Suspect fled on foot' });
  await run('location, arrival', '/location', { mapX: 1000, mapY: 2000 });
  await run('unassign', '/911/unassign', { callId });
  await run('duty off', '/duty', { departmentSlug: w.slug, onDuty: false });
  await run('duty on', '/duty', { departmentSlug: w.slug, onDuty: true });

  for (const [label, statements] of Object.entries(counted)) t.log(`${label}: ${statements.length}\n  ${statements.join('\n  ')}`);
  t.deepEqual(Object.fromEntries(Object.entries(counted).map(([label, statements]) => [label, statements.length])), expected);
  return counted;
}

test.serial('each bridge route sends exactly its statements to the embedded PGlite', async (t) => {
  const app = await startTestService({ storage: { kind: 'embedded' }, rateLimitScale: 1000 });
  try {
    await routeStatements(t, app, EXPECTED);
  } finally {
    await app.close();
  }
});

whenPostgres(test, 'statement counts on PostgreSQL', (url) => {
  test.serial('each bridge route sends exactly its messages to PostgreSQL', async (t) => {
    const schema = freshSchemaName('statements');
    const app = await startTestService({ storage: { kind: 'postgres', url, schema }, rateLimitScale: 1000 });
    try {
      await routeStatements(t, app, EXPECTED_POSTGRES);
    } finally {
      await app.close();
      await dropSchema(url, schema);
    }
  });
});
