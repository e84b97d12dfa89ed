import anyTest, { type TestFn } from 'ava';
import { bridgeWorld } from '../support/bridge-driver.ts';
import { organisationOf } from '../support/operator-driver.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/** The board's writes under concurrent dispatchers, on two instances of one PostgreSQL database. */
const test = anyTest as TestFn<{ a: TestService; b: TestService }>;

whenPostgres(test, 'dispatch board writes, concurrently on PostgreSQL', (url) => {
  const schema = freshSchemaName('dispatch_concurrency');
  test.before(async (t) => {
    const storage = { kind: 'postgres', url, schema } as const;
    const a = await startTestService({ storage, rateLimitScale: 1000 });
    const b = await startTestService({ storage, rateLimitScale: 1000, bootstrapKey: a.bootstrapKey });
    t.context = { a, b };
  });
  test.after.always(async (t) => {
    await t.context.a?.close();
    await t.context.b?.close();
    await dropSchema(url, schema);
  });

  test('20 notes added at once through two instances are all kept, each audited once', async (t) => {
    const { a, b } = t.context;
    const world = await bridgeWorld(a);
    const { key } = await organisationOf(a.http, a.bootstrapKey, world.organisationId).operatorKey(['dispatch.manage'], 'desk');
    const call = await world.openCall();
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).http.post(`/api/v1/admin/calls/${call.callId}/notes`, { text: `note ${i}` }, { token: key }),
      ),
    );
    t.deepEqual(new Set(replies.map((r) => r.status)), new Set([201]));
    const notes = (await world.readCall(call.callId)).notes.map((n: { text: string }) => n.text);
    t.deepEqual([...notes].sort(), Array.from({ length: 20 }, (_, i) => `note ${i}`).sort());
    t.is((await world.audit()).filter((e) => e.action === 'call.note_added').length, 20);
  });

  test('12 status changes of one unit at once through two instances leave an unbroken audited chain', async (t) => {
    const { a, b } = t.context;
    const world = await bridgeWorld(a);
    const { key } = await organisationOf(a.http, a.bootstrapKey, world.organisationId).operatorKey(['dispatch.manage'], 'desk');
    const officer = await world.officer();
    const statuses = ['BUSY', 'OUT_OF_SERVICE', 'AVAILABLE'];
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? a : b).http.patch(`/api/v1/admin/units/${officer.unitId}/status`, { status: statuses[i % 3] }, { token: key }),
      ),
    );
    t.deepEqual(new Set(replies.map((r) => r.status)), new Set([200]));
    const chain = (await world.audit())
      .filter((e) => e.action === 'unit.status_changed' && e.subject?.id === officer.unitId)
      .reverse()
      .map((e) => e.details as { from: string; to: string });
    t.is(chain[0]!.from, 'AVAILABLE');
    for (let i = 1; i < chain.length; i++) t.is(chain[i]!.from, chain[i - 1]!.to, `entry ${i} starts where ${i - 1} ended`);
    t.is(chain.at(-1)!.to, (await world.unit(officer.unitId!)).status);
  });
});
