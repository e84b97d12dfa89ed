import type { AuditEntry } from '../../../domain/audit/audit-entry.ts';
import type { AuditEntryId, OrganisationId } from '../../../domain/shared/ids.ts';
import { NOW, fixtures, ids } from '../../support/persistence-fixtures.ts';
import type { ContractTest } from './contract-test.ts';

/** Walks a keyset list to its end, `limit` at a time, the way the operator's read routes do. */
async function walk<Row extends { id: string } | { readonly snapshot: () => { id: string } }>(
  page: (p: { after: string | null; limit: number }) => Promise<Row[]>,
  limit: number,
): Promise<string[]> {
  const seen: string[] = [];
  for (let after: string | null = null; ;) {
    const rows = await page({ after, limit });
    const idsOf = rows.map((r) => ('snapshot' in r ? r.snapshot().id : r.id));
    seen.push(...idsOf);
    if (rows.length < limit) return seen;
    after = idsOf.at(-1)!;
  }
}

function note(organisationId: OrganisationId, action: string, actor: string, subject: string | null): AuditEntry {
  return {
    id: ids.next<AuditEntryId>(),
    organisationId,
    at: NOW,
    actor: { kind: actor === 'operator' ? 'operator' : 'credential', id: actor, label: 'x' },
    playerCharacterId: null,
    action,
    subject: subject === null ? null : { type: 'credential', id: subject },
    details: {},
  };
}

export function operatorPagesContract(test: ContractTest) {
  test('roster pages: departments, characters, memberships and units of one organisation, by id, each once', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [home, away] = [await f.organisation(), await f.organisation()];
    const [lspd, bcso] = [await f.department(home.id, 'lspd'), await f.department(home.id, 'bcso')];
    await f.department(away.id, 'lspd');
    const placed = [await f.unit(lspd, '1-A-1'), await f.unit(bcso, '2-B-1'), await f.unit(lspd, null)];
    await f.unit(await f.department(away.id, 'sahp'));
    const loner = await f.character(home.id, 'No', 'Member');

    t.deepEqual(await walk((p) => store.departments.page(home.id, p), 1), [lspd.id, bcso.id]);
    t.deepEqual(await walk((p) => store.characters.page(home.id, p), 2), [...placed.map((p) => p.character.id), loner.id]);
    t.deepEqual(
      await walk((p) => store.memberships.page({ organisationId: home.id }, p), 2),
      placed.map((p) => p.membership.id),
    );
    t.deepEqual(await walk((p) => store.units.page({ organisationId: home.id, departmentId: lspd.id }, p), 1), [
      placed[0]!.unit.id,
      placed[2]!.unit.id,
    ]);
    t.deepEqual(await store.units.page({ organisationId: away.id, departmentId: lspd.id }, { after: null, limit: 10 }), []);
    const every = await walk((p) => store.organisations.page(p), 50);
    t.true(every.indexOf(home.id) < every.indexOf(away.id) && every.indexOf(home.id) >= 0);
  });

  test('audit log: filtered by action, and by a credential acting or acted on', async (t) => {
    const { store } = t.context;
    const organisation = await fixtures(store).organisation();
    const [mine, other] = [ids.next(), ids.next()];
    const entries = [
      note(organisation.id, 'credential.created', 'operator', mine),
      note(organisation.id, 'call.opened', mine, null),
      note(organisation.id, 'credential.rotated', 'operator', other),
      note(organisation.id, 'credential.rotated', 'operator', mine),
    ];
    for (const entry of entries) await store.auditLog.append(entry);
    const read = async (query: { action?: string; credentialId?: string; before?: AuditEntryId }) =>
      (await store.auditLog.list(organisation.id, { limit: 10, ...query })).map((e) => e.id);
    t.deepEqual(await read({ action: 'credential.rotated' }), [entries[3]!.id, entries[2]!.id]);
    t.deepEqual(await read({ credentialId: mine }), [entries[3]!.id, entries[1]!.id, entries[0]!.id]);
    t.deepEqual(await read({ credentialId: mine, action: 'credential.rotated' }), [entries[3]!.id]);
    t.deepEqual(await read({ credentialId: mine, before: entries[1]!.id }), [entries[0]!.id]);
    t.deepEqual(await read({ credentialId: ids.next() }), []);
  });
}
