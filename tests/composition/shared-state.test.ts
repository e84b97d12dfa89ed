import test from 'ava';
import { pino } from 'pino';
import { startService } from '../../composition/service.ts';
import { testHttpEngine } from '../support/http-engine.ts';
import { httpClient } from '../support/http-client.ts';
import { freshRedisPrefix, privateRedis, whenRedis } from '../support/redis.ts';

/** The composed service with REDIS_URL, in this process: readiness, degradation and shutdown. */

whenRedis(test, 'the service on Redis', () => {
  test.serial(
    'Redis lost: /readyz says so with 200, and the service still stops promptly; a start without Redis is degraded, not refused',
    async (t) => {
      const redis = await privateRedis();
      t.teardown(() => redis.stop());
      const start = () =>
        startService({
          storage: { kind: 'memory' },
          port: 0,
          host: '127.0.0.1',
          logger: pino({ level: 'silent' }),
          bootstrapKey: `cad_op_test_${'k'.repeat(40)}`,
          realtime: { engine: 'node', port: 0 },
          httpEngine: testHttpEngine,
          redis: { url: redis.url, prefix: freshRedisPrefix('service'), timeoutMs: 300 },
        });
      const service = await start();
      const http = httpClient(service.url);
      t.deepEqual((await http.get('/readyz')).body, { status: 'ready' });
      t.deepEqual(service.core.degraded(), []);

      await redis.stop();
      const deadline = Date.now() + 5_000;
      while (service.core.degraded().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      const ready = await http.get('/readyz');
      t.is(ready.status, 200);
      t.deepEqual(ready.body, { status: 'ready', degraded: ['redis'] });
      const stopping = Date.now();
      await service.close();
      t.true(Date.now() - stopping < 5_000, 'closing does not wait for Redis');

      const degraded = await start();
      t.teardown(() => degraded.close());
      t.deepEqual((await httpClient(degraded.url).get('/readyz')).body, { status: 'ready', degraded: ['redis'] });
    },
  );
});
