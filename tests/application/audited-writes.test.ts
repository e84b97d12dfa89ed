import test from 'ava';
import { AuditedWrites, audited } from '../../application/audit/audited-writes.ts';
import type { Persistence } from '../../application/ports/persistence.ts';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import { ManualClock } from '../../adapters/system/manual-clock.ts';
import { Organisation } from '../../domain/organisation/organisation.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { refuse } from '../../domain/shared/outcome.ts';
import { NOW, ids } from '../support/persistence-fixtures.ts';

const actor = { kind: 'operator', id: 'k', label: 'ops' } as const;

// On memory, through the real adapter; that each store rolls back a unit of work as a whole is
// the unit-of-work contract, run on every store.
for (const [name, open] of [['memory', async () => createMemoryPersistence()]] as Array<[string, () => Promise<Persistence>]>) {
  test(`${name}: an accepted write commits with its audit entry`, async (t) => {
    const store = await open();
    t.teardown(() => store.close());
    const writes = new AuditedWrites(store.uow, store.auditLog, ids, new ManualClock(NOW));
    const organisation = Organisation.create(ids.next<OrganisationId>(), 'kept', {}, NOW);
    const outcome = await writes.run(actor, async () => {
      await store.organisations.save(organisation);
      return audited('done', { organisationId: organisation.id, action: 'organisation.created', subject: null });
    });
    t.deepEqual(outcome, { ok: true, value: 'done' });
    t.truthy(await store.organisations.get(organisation.id));
    t.like(await store.auditLog.list(organisation.id, { limit: 5 }), [{ action: 'organisation.created', actor, at: NOW }]);
  });

  test(`${name}: a refusal after a write rolls the write back and records nothing`, async (t) => {
    const store = await open();
    t.teardown(() => store.close());
    const writes = new AuditedWrites(store.uow, store.auditLog, ids, new ManualClock(NOW));
    const organisation = Organisation.create(ids.next<OrganisationId>(), 'refused', {}, NOW);
    const outcome = await writes.run(actor, async () => {
      await store.organisations.save(organisation);
      return refuse('changed_my_mind');
    });
    t.deepEqual(outcome, { ok: false, reason: 'changed_my_mind' });
    t.is(await store.organisations.get(organisation.id), null);
    t.deepEqual(await store.auditLog.list(organisation.id, { limit: 5 }), []);
  });

  test(`${name}: a failing audit append takes the write down with it`, async (t) => {
    const store = await open();
    t.teardown(() => store.close());
    const failingLog = {
      append: async () => Promise.reject(new Error('audit store down')),
      list: store.auditLog.list.bind(store.auditLog),
    };
    const writes = new AuditedWrites(store.uow, failingLog, ids, new ManualClock(NOW));
    const organisation = Organisation.create(ids.next<OrganisationId>(), 'unaudited', {}, NOW);
    await t.throwsAsync(
      writes.run(actor, async () => {
        await store.organisations.save(organisation);
        return audited(null, { organisationId: organisation.id, action: 'organisation.created', subject: null });
      }),
      { message: 'audit store down' },
    );
    t.is(await store.organisations.get(organisation.id), null);
  });
}
