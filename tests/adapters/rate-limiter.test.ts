import test from 'ava';
import { NodeCacheRateLimiter } from '../../adapters/rate-limit/node-cache-rate-limiter.ts';
import { ManualClock } from '../../adapters/system/manual-clock.ts';

const start = new Date('2026-06-01T10:00:00.000Z');

async function spend(limiter: NodeCacheRateLimiter, count: number, key = 'token:1.2.3.4') {
  const decisions = [];
  for (let i = 0; i < count; i++) decisions.push(await limiter.consume(key, 10, 60));
  return decisions;
}

test('ten in a minute pass, the eleventh is refused with the wait until the oldest has counted a full window', async (t) => {
  const clock = new ManualClock(start);
  const limiter = new NodeCacheRateLimiter(clock);
  t.teardown(() => limiter.close());
  const decisions = await spend(limiter, 10);
  t.true(decisions.every((d) => d.allowed));
  t.deepEqual(
    decisions.map((d) => d.remaining),
    [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
  );
  clock.advance(20_000);
  t.like(await limiter.consume('token:1.2.3.4', 10, 60), { allowed: false, remaining: 0, resetSeconds: 41 });
  clock.advance(40_000);
  t.false((await limiter.consume('token:1.2.3.4', 10, 60)).allowed, 'sixty seconds on, they still count');
  clock.advance(1_000);
  t.like(await limiter.consume('token:1.2.3.4', 10, 60), { allowed: true });
});

test('no sixty-second span holds more than the limit, even across a minute boundary', async (t) => {
  const clock = new ManualClock(new Date('2026-06-01T10:00:59.000Z'));
  const limiter = new NodeCacheRateLimiter(clock);
  t.teardown(() => limiter.close());
  await spend(limiter, 5);
  clock.set(new Date('2026-06-01T10:01:01.000Z'));
  t.true((await spend(limiter, 5)).every((d) => d.allowed));
  t.false((await limiter.consume('token:1.2.3.4', 10, 60)).allowed);
});

test('refused requests are not counted, and callers are counted apart', async (t) => {
  const clock = new ManualClock(start);
  const limiter = new NodeCacheRateLimiter(clock);
  t.teardown(() => limiter.close());
  await spend(limiter, 10);
  for (let i = 0; i < 5; i++) await limiter.consume('token:1.2.3.4', 10, 60);
  t.true((await limiter.consume('token:5.6.7.8', 10, 60)).allowed);
  clock.advance(61_000);
  t.true((await spend(limiter, 10)).every((d) => d.allowed));
});

test('a limit in the millions is counted exactly', async (t) => {
  const clock = new ManualClock(start);
  const limiter = new NodeCacheRateLimiter(clock);
  t.teardown(() => limiter.close());
  for (let i = 0; i < 100_000; i++) await limiter.consume('location:credential', 6_000_000, 60);
  t.like(await limiter.consume('location:credential', 6_000_000, 60), { allowed: true, remaining: 6_000_000 - 100_001 });
});
