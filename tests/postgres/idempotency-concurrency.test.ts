/**
 * One Idempotency-Key under 100 truly concurrent requests, on real PostgreSQL (PGlite and memory
 * run one transaction at a time, so they cannot show a race). The requests alternate between two
 * service instances on one schema: only the database can keep the key, never a lock in a process.
 */
import { randomUUID } from 'node:crypto';
import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import { openMikroOrmPersistence, type MikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { BRIDGE } from '../support/bridge-driver.ts';
import type { HttpReply } from '../support/http-client.ts';
import { expect, operatorOf, tokenFor } from '../support/operator-driver.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

interface Context {
  readonly pair: readonly TestService[];
  readonly store: MikroOrmPersistence;
  readonly game: string;
  readonly api: string;
  readonly bolo: Record<string, unknown>;
}

const test = anyTest as TestFn<Context>;
const IDENTIFIERS = { license: 'license:concurrent-officer' };
const BURST = 100;

whenPostgres(test, 'one Idempotency-Key under concurrent requests', (url) => {
  const schema = freshSchemaName('idempotency_race');
  test.before(async (t) => {
    const bootstrapKey = `cad_op_test_${randomUUID()}`;
    const first = await startTestService({ storage: { kind: 'postgres', url, schema }, rateLimitScale: 1000, bootstrapKey });
    const second = await startTestService({ storage: { kind: 'postgres', url, schema }, rateLimitScale: 1000, bootstrapKey });
    const store = await openMikroOrmPersistence({ kind: 'postgres', url, schema });
    const operator = operatorOf(first.http, bootstrapKey);
    const org = await operator.organisation();
    const departmentId = await org.department('lspd');
    const game = await tokenFor(first.http, await org.gameCredential(departmentId, []));
    const api = await tokenFor(first.http, await org.apiCredential('all'));
    expect(
      await first.http.post(`${BRIDGE}/duty`, { identifiers: IDENTIFIERS, departmentSlug: 'lspd', onDuty: true }, { token: game }),
      200,
    );
    const civilian = await operator.post(`/organisations/${org.organisationId}/civilians`, {
      firstName: 'Trevor',
      lastName: 'Philips',
      dateOfBirth: '1967-06-06',
    });
    const bolo = {
      subjectCivilianId: expect(civilian, 201).civilianId,
      issuingDepartmentId: departmentId,
      severity: 'HIGH',
      scope: 'COMMUNITY',
      subjectDescription: 'black Bravado Buffalo',
      reason: 'plate seen at a robbery',
    };
    t.context = { pair: [first, second], store, game, api, bolo };
  });
  test.after.always(async (t) => {
    await Promise.all((t.context.pair ?? []).map((service) => service.close()));
    await t.context.store?.close();
    await dropSchema(url, schema);
  });

  /** The burst's answers: each is the one answer (first or replayed), or a 409 saying the first still runs. */
  function checkBurst(t: ExecutionContext<Context>, replies: HttpReply[], status: number) {
    const answered = replies.filter((reply) => reply.status === status);
    const busy = replies.filter((reply) => reply.status === 409);
    t.is(answered.length + busy.length, BURST, JSON.stringify(replies.find((r) => r.status !== status && r.status !== 409)?.body));
    for (const reply of busy) {
      t.is(reply.body.error, 'IDEMPOTENCY_KEY_IN_USE');
      t.is(reply.headers.get('retry-after'), '1');
    }
    t.true(answered.length >= 1);
    t.log(`${answered.length - 1} replays, ${busy.length} answered 409 while the first ran`);
    for (const reply of answered) t.deepEqual(reply.body, answered[0]!.body);
    t.is(answered.filter((reply) => reply.headers.get('idempotent-replayed') === null).length, 1, 'exactly one request ran');
    return answered[0]!.body;
  }

  test.serial(`${BURST} concurrent /911 with one key, on two instances, create one call`, async (t) => {
    const { pair, store, game } = t.context;
    const key = randomUUID();
    const body = { identifiers: IDENTIFIERS, mapX: 1, mapY: 2, description: `burst ${key}` };
    const replies = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        pair[i % 2]!.http.post(`${BRIDGE}/911`, body, { token: game, headers: { 'idempotency-key': key } }),
      ),
    );
    const answer = checkBurst(t, replies, 200);
    const calls = (await store.snapshot())['calls']!.filter((row) => JSON.stringify(row).includes(`burst ${key}`));
    t.is(calls.length, 1);
    const later = await pair[1]!.http.post(`${BRIDGE}/911`, body, { token: game, headers: { 'idempotency-key': key } });
    t.deepEqual([later.status, later.body, later.headers.get('idempotent-replayed')], [200, answer, 'true']);
  });

  test.serial(`${BURST} concurrent API BOLOs with one key, on two instances, create one BOLO`, async (t) => {
    const { pair, store, api, bolo } = t.context;
    const key = randomUUID();
    const body = { ...bolo, narrative: `burst ${key}` };
    const replies = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        pair[i % 2]!.http.post('/api/v1/records/bolos', body, { token: api, headers: { 'idempotency-key': key } }),
      ),
    );
    checkBurst(t, replies, 201);
    t.is((await store.snapshot())['bolos']!.filter((row) => JSON.stringify(row).includes(`burst ${key}`)).length, 1);
  });
});
