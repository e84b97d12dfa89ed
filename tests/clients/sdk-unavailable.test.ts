import test from 'ava';
import { CadClient, CadHttpError, type RetryEvent } from '../../clients/sdk/src/index.ts';
import { bridgeWorld } from '../support/bridge-driver.ts';
import { expect } from '../support/operator-driver.ts';
import { freshSchemaName } from '../support/postgres.ts';
import { privatePostgres, privatePostgresProblem } from '../support/private-postgres.ts';
import { startTestService } from '../support/test-service.ts';

/**
 * The typed client against a service whose PostgreSQL is cut: the service answers 503
 * `SERVICE_UNAVAILABLE` (decision 0033). A read, and a write under its idempotency key, are
 * retried with backoff until the database is back; with `retryWrites: false` a write is answered
 * with the 503 at once and never sent again.
 */

if (privatePostgresProblem !== null) {
  test.skip(`typed client through 503s: SKIPPED, no private PostgreSQL cluster here (${privatePostgresProblem})`, () => undefined);
} else {
  test('503 while the database is away: reads and keyed writes are retried until it is back, once each', async (t) => {
    t.timeout(180_000);
    const cluster = await privatePostgres();
    t.teardown(() => cluster.destroy());
    const app = await startTestService({
      storage: { kind: 'postgres', url: `${cluster.url}?connect_timeout=2`, schema: freshSchemaName('sdk') },
    });
    t.teardown(() => app.close());
    const world = await bridgeWorld(app);
    const officer = await world.officer();
    const apiToken = await world.apiToken();
    const events: RetryEvent[] = [];
    const options = {
      baseUrl: app.service.url,
      clientId: world.desk.credential.clientId,
      clientSecret: world.desk.credential.clientSecret,
      credential: 'game',
      backoff: { baseMs: 200, capMs: 1_000 },
      maxAttempts: 1_000,
      onRetry: (event: RetryEvent) => events.push(event),
    } as const;
    const cad = new CadClient(options);
    const strict = new CadClient({ ...options, retryWrites: false });
    t.like(await cad.bridge.waypoint({ identifiers: officer.identifiers }), { ok: false, reason: 'no_assignment' });
    t.like(await strict.bridge.waypoint({ identifiers: officer.identifiers }), { ok: false, reason: 'no_assignment' });

    await cluster.cut();
    const write = await t.throwsAsync(strict.bridge.panic({ identifiers: officer.identifiers, mapX: 1, mapY: 2 }), {
      instanceOf: CadHttpError,
    });
    t.is(write?.status, 503);
    t.is(write?.body?.error, 'SERVICE_UNAVAILABLE');
    t.false(events.some((e) => e.operationId === 'bridgePanic'));

    const read = cad.bridge.waypoint({ identifiers: officer.identifiers });
    const keyed = cad.bridge.panic({ identifiers: officer.identifiers, mapX: 3, mapY: 4 });
    const retriedWhileDown = (operationId: string) =>
      events.filter((e) => e.operationId === operationId && e.cause === 'unavailable').length;
    while (retriedWhileDown('bridgeWaypoint') < 2 || retriedWhileDown('bridgePanic') < 2)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await cluster.start();
    t.like(await read, { ok: false, reason: 'no_assignment' });
    t.like(await keyed, { ok: true });
    t.log(
      `retried on 503 before the database came back: the read ${retriedWhileDown('bridgeWaypoint')} times, the keyed panic ${retriedWhileDown('bridgePanic')}`,
    );

    // The strict client's panic opened no call; the keyed one opened exactly one.
    const calls = expect(await app.http.get('/api/v1/cad/calls', { token: apiToken }), 200) as Array<{ mapX: number; mapY: number }>;
    t.deepEqual(
      calls.map((c) => [c.mapX, c.mapY]),
      [[3, 4]],
    );
  });
}
