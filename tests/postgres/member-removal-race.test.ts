/**
 * Removing a member while their player sends `/duty` (decision 0140), on real PostgreSQL: the
 * removal locks the membership and then the unit, `/duty` locks the unit in the gate's statement,
 * and whichever gets the unit first is followed by the other. Either way the unit ends off duty and
 * inactive; a `/duty` that comes second is refused as no member. Another connection holds the unit's
 * row to put the two requests in a known order, then a burst races them freely.
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

const WAITERS = `with first as (select pid from pg_stat_activity where $1 = any(pg_blocking_pids(pid)))
  select count(*)::int as n from pg_stat_activity a
  where $1 = any(pg_blocking_pids(a.pid)) or pg_blocking_pids(a.pid) && array(select pid from first)`;

/** Another connection's transaction holding the unit's row, released when told. */
async function holdUnit(url: string, schema: string, unitId: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`set search_path to "${schema}"`);
  const { rows } = await client.query('select pg_backend_pid() as pid');
  const pid = Number(rows[0]?.['pid']);
  await client.query('begin');
  await client.query('select id from units where id = $1 for update', [unitId]);
  return {
    /**
     * Resolves once `count` backends queue for the unit: the first waits for this transaction, the
     * next for the first (PostgreSQL queues row locks behind the tuple lock of the first waiter).
     */
    async waiters(count: number) {
      for (;;) {
        await client.query('select pg_stat_clear_snapshot()');
        const waiting = await client.query(WAITERS, [pid]);
        if (Number(waiting.rows[0]?.['n']) >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async release() {
      await client.query('commit');
      await client.end();
    },
  };
}

/** A linked member of the world's department, off duty, with the membership to remove. */
async function member(world: BridgeWorld) {
  const officer = await world.offDutyOfficer();
  const members = (await world.admin('GET', `/organisations/${world.organisationId}/members?limit=200`)).body.items as Array<{
    membershipId: string;
    unitId: string;
  }>;
  const membershipId = members.find((m) => m.unitId === officer.unitId)!.membershipId;
  return { ...officer, unitId: officer.unitId!, membershipId };
}

whenPostgres(test, 'removing a member races /duty on PostgreSQL', (url) => {
  serviceOnPostgres(test, url, 'removal');

  test.serial(
    'the removal gets the unit first: the /duty that waited is no_department_membership, and the unit stays off duty',
    async (t) => {
      const world = await bridgeWorld(t.context.app);
      const officer = await member(world);
      const holder = await holdUnit(t.context.url, t.context.schema, officer.unitId);
      const removal = world.admin('POST', `/memberships/${officer.membershipId}/end`);
      await holder.waiters(1);
      const duty = world.desk.post('/duty', { identifiers: officer.identifiers, departmentSlug: world.slug, onDuty: true });
      await holder.waiters(2);
      await holder.release();
      t.is((await removal).status, 200);
      const reply = await duty;
      t.deepEqual([reply.status, reply.body], [200, { synced: false, reason: 'no_department_membership' }]);
      t.like(await world.unit(officer.unitId), { status: 'OFF_DUTY', isActive: false });
    },
  );

  test.serial('/duty gets the unit first: it goes on duty, and the removal that waited takes it off', async (t) => {
    const world = await bridgeWorld(t.context.app);
    const officer = await member(world);
    const holder = await holdUnit(t.context.url, t.context.schema, officer.unitId);
    const duty = world.desk.post('/duty', { identifiers: officer.identifiers, departmentSlug: world.slug, onDuty: true });
    await holder.waiters(1);
    const removal = world.admin('POST', `/memberships/${officer.membershipId}/end`);
    await holder.waiters(2);
    await holder.release();
    t.like((await duty).body, { synced: true, status: 'AVAILABLE' });
    t.is((await removal).status, 200);
    t.like(await world.unit(officer.unitId), { status: 'OFF_DUTY', isActive: false });
  });

  test.serial('of 10 removals each raced by a /duty, none leaves its unit on duty', async (t) => {
    const world = await bridgeWorld(t.context.app);
    const officers = [];
    for (let i = 0; i < 10; i++) officers.push(await member(world));
    const replies = await Promise.all(
      officers.map(async (officer) => {
        const [removal, duty] = await Promise.all([
          world.admin('POST', `/memberships/${officer.membershipId}/end`),
          world.desk.post('/duty', { identifiers: officer.identifiers, departmentSlug: world.slug, onDuty: true }),
        ]);
        return { removal: removal.status, duty: duty.body as { synced: boolean; reason?: string } };
      }),
    );
    for (const { removal, duty } of replies) {
      t.is(removal, 200);
      t.true(duty.synced || duty.reason === 'no_department_membership', JSON.stringify(duty));
    }
    const units = await world.units();
    for (const officer of officers)
      t.like(
        units.find((u) => u['unitId'] === officer.unitId),
        { status: 'OFF_DUTY', isActive: false },
      );
  });
});
