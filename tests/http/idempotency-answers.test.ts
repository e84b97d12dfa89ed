import test from 'ava';
import { HttpError } from '../../adapters/http-koa/error-catalogue.ts';
import { runIdempotently } from '../../adapters/http-koa/idempotency.ts';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { ManualClock } from '../../adapters/system/manual-clock.ts';
import { RunOnce } from '../../application/idempotency/run-once.ts';
import { NOW } from '../support/persistence-fixtures.ts';

/**
 * Which refusals a key keeps (decision 0085), on the real ledger: a 401, a 403 or a 429 raised by
 * the route's own work is thrown again and kept nowhere, so the same key runs (and is judged)
 * again; another 4xx is kept and replayed.
 */
for (const code of ['UNAUTHORIZED', 'FORBIDDEN', 'RATE_LIMITED'] as const) {
  test(`a ${code} raised inside the work is never kept nor replayed: the same key runs again`, async (t) => {
    const store = createMemoryPersistence();
    const runOnce = new RunOnce({ uow: store.uow, idempotency: store.idempotency, clock: new ManualClock(NOW) });
    const request = { key: 'k-refused', scope: 'mdt:c1', fingerprint: 'f1' };
    const error = await t.throwsAsync(() => runIdempotently(runOnce, request, async () => Promise.reject(new HttpError(code))));
    t.true(error instanceof HttpError && error.code === code);
    const again = await runIdempotently(runOnce, request, async () => ({ status: 201, body: { ran: true } }));
    t.deepEqual(again, { reply: { status: 201, body: { ran: true } }, replayed: false });
  });
}

test('a 404 raised inside the work is kept and replayed', async (t) => {
  const store = createMemoryPersistence();
  const runOnce = new RunOnce({ uow: store.uow, idempotency: store.idempotency, clock: new ManualClock(NOW) });
  const request = { key: 'k-404', scope: 'mdt:c1', fingerprint: 'f1' };
  const first = await runIdempotently(runOnce, request, async () => Promise.reject(new HttpError('NOT_FOUND')));
  const again = await runIdempotently(runOnce, request, async () => ({ status: 201, body: { ran: true } }));
  t.is(first.reply.status, 404);
  t.deepEqual(again, { reply: first.reply, replayed: true });
});
