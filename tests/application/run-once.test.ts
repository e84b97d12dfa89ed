import test from 'ava';
import { AuditedWrites, audited } from '../../application/audit/audited-writes.ts';
import { IDEMPOTENCY_TTL_MS, PURGE_BATCH, PURGE_INTERVAL_MS, RunOnce } from '../../application/idempotency/run-once.ts';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { ManualClock } from '../../adapters/system/manual-clock.ts';
import type { Persistence } from '../../application/ports/persistence.ts';
import { Organisation } from '../../domain/organisation/organisation.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { refuse } from '../../domain/shared/outcome.ts';
import { NOW, ids } from '../support/persistence-fixtures.ts';

type Inspectable = Persistence & { snapshot(): Promise<Record<string, unknown[]>> };

const actor = { kind: 'operator', id: 'k', label: 'ops' } as const;
const request = { scope: 'credential:c1', fingerprint: 'f1' };

const stores: Array<[string, () => Promise<Persistence>]> = [
  ['memory', async () => createMemoryPersistence()],
  ['pglite', () => openMikroOrmPersistence({ kind: 'pglite' })],
];

for (const [name, open] of stores) {
  const setUp = async () => {
    const store = await open();
    const clock = new ManualClock(NOW);
    const runOnce = new RunOnce({ uow: store.uow, idempotency: store.idempotency, clock });
    const writes = new AuditedWrites(store.uow, store.auditLog, ids, clock);
    const saveOrganisation = (label: string) => {
      const organisation = Organisation.create(ids.next<OrganisationId>(), label, {}, NOW);
      return { organisation, save: () => store.organisations.save(organisation) };
    };
    return { store, clock, runOnce, writes, saveOrganisation };
  };

  test.serial(`${name}: a failing work (a 5xx) keeps no answer and undoes its write, so the retry runs again`, async (t) => {
    const { store, runOnce, saveOrganisation } = await setUp();
    t.teardown(() => store.close());
    const first = saveOrganisation('written, then the answer failed');
    await t.throwsAsync(() =>
      runOnce.execute({
        ...request,
        keyHash: 'k-5xx',
        work: async () => {
          await first.save();
          throw new Error('presenting failed');
        },
      }),
    );
    t.is(await store.organisations.get(first.organisation.id), null);
    t.is(await store.idempotency.find(request.scope, 'k-5xx', NOW), null);
    let ran = 0;
    const retry = await runOnce.execute({ ...request, keyHash: 'k-5xx', work: async () => ({ status: 201, body: `ran ${++ran}` }) });
    t.deepEqual(retry, { ok: true, value: { replayed: false, answer: { status: 201, body: 'ran 1' } } });
  });

  test.serial(`${name}: a refusal inside the work undoes only its own writes, and its answer is kept`, async (t) => {
    const { store, runOnce, writes, saveOrganisation } = await setUp();
    t.teardown(() => store.close());
    const refused = saveOrganisation('refused inside an idempotent request');
    const outcome = await runOnce.execute({
      ...request,
      keyHash: 'k-refusal',
      work: async () => {
        const written = await writes.run(actor, async () => {
          await refused.save();
          return refuse('not_on_duty');
        });
        return { status: 200, body: JSON.stringify(written) };
      },
    });
    t.true(outcome.ok);
    t.is(await store.organisations.get(refused.organisation.id), null);
    t.like(await store.idempotency.find(request.scope, 'k-refusal', NOW), { status: 200, body: '{"ok":false,"reason":"not_on_duty"}' });
  });

  test.serial(`${name}: an answer is replayed for a day; after that the key runs again, and a sweep deletes expired keys`, async (t) => {
    const { store, clock, runOnce, writes, saveOrganisation } = await setUp();
    t.teardown(() => store.close());
    let ran = 0;
    const once = () =>
      runOnce.execute({
        ...request,
        keyHash: 'k-day',
        work: async () => {
          const { organisation, save } = saveOrganisation(`run ${++ran}`);
          await writes.run(actor, async () => {
            await save();
            return audited(null, { organisationId: organisation.id, action: 'organisation.created', subject: null });
          });
          return { status: 201, body: `run ${ran}` };
        },
      });
    t.like(await once(), { value: { replayed: false } });
    clock.advance(IDEMPOTENCY_TTL_MS - 1);
    t.like(await once(), { value: { replayed: true, answer: { body: 'run 1' } } });
    t.is(ran, 1);
    clock.advance(1);
    t.like(await once(), { value: { replayed: false, answer: { body: 'run 2' } } });
    await runOnce.execute({ ...request, keyHash: 'k-old', work: async () => ({ status: 200, body: 'old' }) });
    // A day and a sweep interval later, the next keyed write's commit sweeps both expired keys.
    clock.advance(IDEMPOTENCY_TTL_MS + PURGE_INTERVAL_MS);
    await runOnce.execute({ ...request, keyHash: 'k-new', work: async () => ({ status: 200, body: 'new' }) });
    // The sweep runs after the commit without being waited for: look until it is done.
    const keysLeft = async () => ((await (store as Inspectable).snapshot())['idempotency_keys'] ?? []).length;
    for (let tries = 0; tries < 200 && (await keysLeft()) !== 1; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
    const left = await keysLeft();
    t.is(left, 1, 'only the fresh key is left');
  });

  test.serial(`${name}: one sweep clears a backlog of expired keys beyond one batch, with the clock moved on`, async (t) => {
    const { store, clock, runOnce } = await setUp();
    t.teardown(() => store.close());
    // A backlog of 2.5 batches, kept yesterday (as a day of writes the purge did not keep up with would leave).
    const backlog = PURGE_BATCH * 2 + PURGE_BATCH / 2;
    await store.uow.run(async () => {
      for (let i = 0; i < backlog; i++)
        await store.idempotency.keep({
          scope: request.scope,
          keyHash: `old-${i}`,
          fingerprint: 'f',
          status: 200,
          body: 'old',
          createdAt: NOW,
          expiresAt: new Date(NOW.getTime() + IDEMPOTENCY_TTL_MS),
        });
    });
    t.is(await store.idempotency.size(), backlog, 'the ledger says its size');
    clock.advance(IDEMPOTENCY_TTL_MS + PURGE_INTERVAL_MS);
    await runOnce.execute({ ...request, keyHash: 'k-fresh', work: async () => ({ status: 200, body: 'fresh' }) });
    const keysLeft = async () => ((await (store as Inspectable).snapshot())['idempotency_keys'] ?? []).length;
    for (let tries = 0; tries < 500 && (await keysLeft()) !== 1; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
    t.is(await keysLeft(), 1, 'the whole backlog went in the one sweep; only the fresh key is left');
    t.is(await store.idempotency.size(), 1);
  });

  test.serial(`${name}: the same key with another fingerprint is key_reused and runs nothing`, async (t) => {
    const { store, runOnce } = await setUp();
    t.teardown(() => store.close());
    await runOnce.execute({ ...request, keyHash: 'k-reused', work: async () => ({ status: 200, body: 'first' }) });
    let ran = false;
    const other = await runOnce.execute({
      ...request,
      fingerprint: 'f2',
      keyHash: 'k-reused',
      work: async () => {
        ran = true;
        return { status: 200, body: 'second' };
      },
    });
    t.deepEqual(other, { ok: false, reason: 'key_reused' });
    t.false(ran);
  });
}
