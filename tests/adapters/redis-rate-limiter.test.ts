import test from 'ava';
import { Redis } from 'ioredis';
import { NodeCacheRateLimiter } from '../../adapters/rate-limit/node-cache-rate-limiter.ts';
import { RedisRateLimiter } from '../../adapters/rate-limit/redis-rate-limiter.ts';
import { RedisLink } from '../../adapters/redis/redis-link.ts';
import { SystemClock } from '../../adapters/system/system-clock.ts';
import { eventually } from '../support/processes.ts';
import { freshRedisPrefix, privateRedis, whenRedis } from '../support/redis.ts';

const quiet = { warn: () => undefined, info: () => undefined };

/** A limiter as an instance of the service holds it: its own link to Redis, its own fallback. */
/** Commands are bounded at five seconds: a busy machine may take more than one to connect. */
function instance(url: string, prefix: string, timeoutMs = 5000) {
  const link = new RedisLink({ url, timeoutMs, logger: quiet });
  const fallbacks: unknown[] = [];
  const limiter = new RedisRateLimiter({
    client: link.commands,
    prefix,
    fallback: new NodeCacheRateLimiter(new SystemClock()),
    onFallback: (error) => fallbacks.push(error),
  });
  return {
    link,
    limiter,
    fallbacks,
    close: async () => {
      limiter.close();
      await link.close();
    },
  };
}

async function spend(limiter: RedisRateLimiter, key: string, count: number, limit = 10) {
  const decisions = [];
  for (let i = 0; i < count; i++) decisions.push(await limiter.consume(key, limit, 60));
  return decisions;
}

whenRedis(test, 'the Redis rate limiter', (url) => {
  test('ten a minute pass, then 429 material: remaining counts down and the wait covers the window', async (t) => {
    const a = instance(url, freshRedisPrefix('rl'));
    t.teardown(a.close);
    t.true(await a.link.ready(), 'connected to Redis');
    const decisions = await spend(a.limiter, 'token:192.0.2.1', 11);
    t.deepEqual(
      decisions.map((d) => d.remaining),
      [9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0],
    );
    t.true(decisions.slice(0, 10).every((d) => d.allowed && d.limit === 10));
    t.false(decisions[10]!.allowed);
    t.true(decisions[10]!.resetSeconds >= 60 && decisions[10]!.resetSeconds <= 61, `reset ${decisions[10]!.resetSeconds}`);
    t.deepEqual(a.fallbacks, []);
  });

  test('two instances spend from one budget per caller; other callers are counted apart', async (t) => {
    const prefix = freshRedisPrefix('rl');
    const a = instance(url, prefix);
    const b = instance(url, prefix);
    t.teardown(a.close);
    t.teardown(b.close);
    await Promise.all([a.link.ready(), b.link.ready()]);
    const both = await Promise.all([...Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).limiter.consume('panic:c1', 6, 60))]);
    t.is(both.filter((d) => d.allowed).length, 6, 'six admitted across both, whatever the interleaving');
    t.true((await b.limiter.consume('panic:c2', 6, 60)).allowed);
  });

  test('the window slides: admissions count for 60 to 61 seconds, on Redis time', async (t) => {
    // The boundary is a whole second on Redis's clock: an attempt during which that clock ticked
    // over proves nothing either way, so it is made again with fresh keys (a busy machine may tick).
    for (let attempt = 1; ; attempt++) {
      const prefix = freshRedisPrefix('rl');
      const a = instance(url, prefix);
      t.teardown(a.close);
      await a.link.ready();
      const [seconds] = await a.link.commands.time();
      const now = Number(seconds);
      const key = `${prefix}rate:60s:token:198.51.100.7`;
      // Five admissions 60 s ago still count; five 61 s ago have left the window.
      await a.link.commands.hset(key, String(now - 60), '5', String(now - 61), '5');
      const decisions = await spend(a.limiter, 'token:198.51.100.7', 6);
      const [after] = await a.link.commands.time();
      if (Number(after) !== now && attempt < 10) continue;
      t.is(Number(after), now, 'one attempt ran within one second of Redis time');
      t.deepEqual(
        decisions.map((d) => d.allowed),
        [true, true, true, true, true, false],
      );
      t.true(decisions[5]!.resetSeconds <= 2, 'the oldest admissions leave within a second or two');
      t.is(await a.link.commands.hexists(key, String(now - 61)), 0, 'seconds out of the window are dropped');
      return;
    }
  });

  test('refused requests are not counted', async (t) => {
    const prefix = freshRedisPrefix('rl');
    const a = instance(url, prefix);
    t.teardown(a.close);
    await a.link.ready();
    await spend(a.limiter, 'k', 15, 3);
    const slots = await a.link.commands.hvals(`${prefix}rate:60s:k`);
    t.is(
      slots.reduce((sum, count) => sum + Number(count), 0),
      3,
    );
  });

  test('with Redis gone, each request is counted in the instance at once; when it is back, in Redis again', async (t) => {
    const redis = await privateRedis();
    t.teardown(() => redis.stop());
    const a = instance(redis.url, freshRedisPrefix('rl'), 300);
    t.teardown(a.close);
    await a.link.ready();
    await eventually('the link to open', 10_000, () => (a.link.healthy ? true : undefined));
    await spend(a.limiter, 'k', 2, 5);
    await redis.stop();
    const started = Date.now();
    const during = await spend(a.limiter, 'k', 6, 5);
    t.true(Date.now() - started < 5_000, 'no request waits on the lost connection');
    t.deepEqual(
      during.map((d) => d.allowed),
      [true, true, true, true, true, false],
      'the fallback counts from zero, in this instance',
    );
    t.true(a.fallbacks.length >= 6);
    await redis.start();
    await eventually('the link to come back', 10_000, () => (a.link.healthy ? true : undefined));
    const fallbacksBefore = a.fallbacks.length;
    t.true((await a.limiter.consume('k', 5, 60)).allowed, 'the new Redis has no count yet');
    t.is(a.fallbacks.length, fallbacksBefore, 'counted in Redis again');
    const direct = new Redis(redis.url);
    t.teardown(() => direct.disconnect());
    t.true((await direct.keys('*')).length === 1);
  });
});
