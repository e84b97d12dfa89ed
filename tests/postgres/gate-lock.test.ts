/**
 * The gate inside a write locks the officer's unit in its own statement and judges the unit as
 * locked: on real PostgreSQL, a transaction of another connection holds the unit's row, changes its
 * duty status and commits while `/911/self-assign` waits for the lock. Under READ COMMITTED the
 * gate's statement then returns the row as that transaction committed it, not as the statement's
 * snapshot saw it, so the committed duty change decides the request.
 */
import { createRequire } from 'node:module';
import anyTest, { type TestFn } from 'ava';
import { type BridgeWorld, bridgeWorld } from '../support/bridge-driver.ts';
import { whenPostgres } from '../support/postgres.ts';
import { type PostgresServiceContext, serviceOnPostgres } from '../support/postgres-service.ts';

interface Sql {
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  connect(): Promise<void>;
  end(): Promise<void>;
}
const pg = createRequire(import.meta.url)('pg') as { Client: new (options: { connectionString: string }) => Sql };

const test = anyTest as TestFn<PostgresServiceContext>;

/** Another connection's transaction that holds the unit's row lock, sets its status and commits when told. */
async function holdUnit(url: string, schema: string, unitId: string, status: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`set search_path to "${schema}"`);
  await client.query('begin');
  await client.query('select id from units where id = $1 for update', [unitId]);
  await client.query('update units set status = $2, status_changed_at = now() where id = $1', [unitId, status]);
  return {
    /** Resolves once another backend waits for a lock on this schema's statement (the gate's). */
    async waiter() {
      for (;;) {
        // Inside a transaction the activity view is a snapshot taken once; clear it to look again.
        await client.query('select pg_stat_clear_snapshot()');
        const { rows } = await client.query(
          `select count(*)::int as waiting from pg_stat_activity
          where wait_event_type = 'Lock' and state = 'active' and query like '%locked as materialized%'`,
        );
        if (Number(rows[0]?.['waiting']) > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async commit() {
      await client.query('commit');
      await client.end();
    },
  };
}

async function race(
  t: { context: { url: string; schema: string } },
  world: BridgeWorld,
  unitId: string,
  status: string,
  request: () => Promise<unknown>,
) {
  const holder = await holdUnit(t.context.url, t.context.schema, unitId, status);
  const reply = request();
  await holder.waiter();
  await holder.commit();
  return reply;
}

whenPostgres(test, 'the gate locks the unit on PostgreSQL', (url) => {
  serviceOnPostgres(test, url, 'gatelock');

  test.serial('a duty change committed while self-assign waited for the unit`s lock decides it: off duty is refused', async (t) => {
    const world = await bridgeWorld(t.context.app);
    const officer = await world.officer();
    const call = await world.openCall();
    const reply = (await race(t, world, officer.unitId!, 'OFF_DUTY', () =>
      world.desk.post('/911/self-assign', { identifiers: officer.identifiers, callId: call['callId'] }),
    )) as { status: number; body: unknown };
    t.deepEqual([reply.status, reply.body], [200, { assigned: false, reason: 'not_on_duty' }]);
    t.is((await world.readCall(call['callId']))['status'], 'PENDING');
    t.is((await world.unit(officer.unitId!))['status'], 'OFF_DUTY');
  });

  test.serial('a duty change committed while self-assign waited for the unit`s lock decides it: back on duty is assigned', async (t) => {
    const world = await bridgeWorld(t.context.app);
    const officer = await world.offDutyOfficer();
    const call = await world.openCall();
    const reply = (await race(t, world, officer.unitId!, 'AVAILABLE', () =>
      world.desk.post('/911/self-assign', { identifiers: officer.identifiers, callId: call['callId'] }),
    )) as { status: number; body: Record<string, unknown> };
    t.is(reply.status, 200);
    t.like(reply.body, { assigned: true, unitId: officer.unitId, callStatus: 'ACTIVE', unitStatus: 'EN_ROUTE' });
    t.is((await world.unit(officer.unitId!))['status'], 'EN_ROUTE');
  });
});
