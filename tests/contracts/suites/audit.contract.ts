import type { AuditEntry } from '../../../domain/audit/audit-entry.ts';
import type { AuditEntryId, CharacterId, OrganisationId } from '../../../domain/shared/ids.ts';
import { NOW, fixtures, ids } from '../../support/persistence-fixtures.ts';
import type { ContractTest } from './contract-test.ts';

/** An audit entry of a camera network's credential: the suites here and the PostgreSQL tests write them. */
export function entry(organisationId: OrganisationId | null, action: string, player: CharacterId | null = null): AuditEntry {
  return {
    id: ids.next<AuditEntryId>(),
    organisationId,
    at: NOW,
    actor: { kind: 'credential', id: ids.next(), label: 'ALPR cameras' },
    playerCharacterId: player,
    action,
    subject: { type: 'vehicle', id: ids.next() },
    details: { plate: '12ABC345', nested: { scopes: ['cad.unit.view'], count: 2, flag: true, none: null } },
  };
}

export function auditContract(test: ContractTest) {
  test('audit log: entries read back exactly, newest first, per organisation, paged by id', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const player = (await f.character(a.id)).id;
    const written = [entry(a.id, 'one', player), entry(a.id, 'two'), entry(a.id, 'three')];
    for (const e of [written[0]!, entry(b.id, 'elsewhere'), written[1]!, entry(null, 'platform'), written[2]!])
      await store.auditLog.append(e);
    t.deepEqual(await store.auditLog.list(a.id, { limit: 10 }), [...written].reverse());
    t.deepEqual(await store.auditLog.list(a.id, { limit: 2 }), [written[2], written[1]]);
    t.deepEqual(await store.auditLog.list(a.id, { limit: 10, before: written[1]!.id }), [written[0]]);
  });

  test('audit log: entries made one way, by their details’ via, with or without an action', async (t) => {
    const { store } = t.context;
    const a = await fixtures(store).organisation();
    const via = (action: string, how: string | undefined): AuditEntry => ({
      ...entry(a.id, action),
      details: how === undefined ? { plate: 'X' } : { via: how, identifiers: ['license'] },
    });
    const [trusted, coded, plain, other] = [
      via('identity.linked', 'trusted_identity'),
      via('identity.linked', 'pending_link'),
      via('identity.linked', undefined),
      via('character.moved', 'trusted_identity'),
    ];
    for (const e of [trusted, coded, plain, other]) await store.auditLog.append(e);
    t.deepEqual(await store.auditLog.list(a.id, { limit: 10, action: 'identity.linked', via: 'trusted_identity' }), [trusted]);
    t.deepEqual(await store.auditLog.list(a.id, { limit: 10, via: 'trusted_identity' }), [other, trusted]);
    t.deepEqual(await store.auditLog.list(a.id, { limit: 10, via: 'nothing_like_it' }), []);
  });

  test('instance keys: created once, then the same key for every caller', async (t) => {
    const { store } = t.context;
    const name = `signing-${ids.next()}`;
    let created = 0;
    const create = () => `key-${++created}`;
    const keys = await Promise.all(Array.from({ length: 5 }, () => store.instanceKeys.getOrCreate(name, create)));
    t.deepEqual(new Set(keys).size, 1);
    t.is(await store.instanceKeys.getOrCreate(name, () => 'other'), keys[0]!);
  });
}
