/**
 * The MDT's writes under truly concurrent requests, on real PostgreSQL, split between two service
 * instances on one schema: only the database can keep them in order. They are the bridge's own use
 * cases, so their locks hold here too.
 */
import anyTest, { type TestFn } from 'ava';
import { bridgeWorld } from '../support/bridge-driver.ts';
import { mdtClient, mdtSession } from '../support/mdt-driver.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

const test = anyTest as TestFn<{ pair: readonly TestService[] }>;

whenPostgres(test, 'MDT writes under concurrency on PostgreSQL', (url) => {
  const schema = freshSchemaName('mdt_concurrency');
  test.before(async (t) => {
    const storage = { kind: 'postgres', url, schema } as const;
    // One after the other: the first migrates the schema.
    // Kept as they start, so that both are closed even when the second does not start.
    const pair: TestService[] = [];
    t.context = { pair };
    pair.push(await startTestService({ storage, rateLimitScale: 1000 }));
    pair.push(await startTestService({ storage, rateLimitScale: 1000, bootstrapKey: pair[0]!.bootstrapKey }));
  });
  test.after.always(async (t) => {
    for (const app of t.context.pair ?? []) await app.close();
    await dropSchema(url, schema);
  });

  test.serial('one officer attaching from two tabs to ten calls at once is on exactly one of them', async (t) => {
    const [a, b] = t.context.pair;
    const world = await bridgeWorld(a!);
    const officer = await world.officer();
    const session = await mdtSession(world, officer);
    const tabs = [
      mdtClient({ ...world, http: a!.http }, session.sessionToken),
      mdtClient({ ...world, http: b!.http }, session.sessionToken),
    ];
    const calls = await Promise.all(Array.from({ length: 10 }, () => world.openCall()));
    const answers = await Promise.all(calls.map((call, i) => tabs[i % 2]!.post(`/calls/${call.callId}/attach`)));
    t.is(answers.filter((r) => r.status === 200).length, 1, JSON.stringify(answers.map((r) => r.status)));
    t.true(answers.filter((r) => r.status !== 200).every((r) => r.status === 409 && r.body.error === 'CONFLICT'));
    const won = calls[answers.findIndex((r) => r.status === 200)]!;
    const unit = await world.unit(officer.unitId!);
    t.is(unit.assignment?.callId, won.callId);
    for (const call of calls) t.is((await world.readCall(call.callId)).status, call === won ? 'ACTIVE' : 'PENDING');
  });

  test.serial('twenty officers attaching one call from their MDTs at once are all on it', async (t) => {
    const [a, b] = t.context.pair;
    const world = await bridgeWorld(a!);
    const call = await world.openCall();
    const mdts = [];
    for (let i = 0; i < 20; i++) {
      const officer = await world.officer();
      const session = await mdtSession(world, officer);
      mdts.push({ officer, mdt: mdtClient({ ...world, http: (i % 2 === 0 ? a : b)!.http }, session.sessionToken) });
    }
    const answers = await Promise.all(mdts.map(({ mdt }) => mdt.post(`/calls/${call.callId}/attach`)));
    t.deepEqual(
      answers.map((r) => r.status),
      Array(20).fill(200),
    );
    const read = await world.readCall(call.callId);
    t.is(read.status, 'ACTIVE');
    t.deepEqual(read.units.map((u: { unitId: string }) => u.unitId).sort(), mdts.map(({ officer }) => officer.unitId).sort());
  });
});
