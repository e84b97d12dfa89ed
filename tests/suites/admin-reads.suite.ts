import type { TestFn } from 'ava';
import type { Persistence } from '../../application/ports/persistence.ts';
import { type Operator, expect, operatorOf } from '../support/operator-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

export type ReadsContext = { app: TestService; operator: Operator };

/** Every item of a list, page by page, with the page size given. */
async function walk(operator: Operator, path: string, limit: number) {
  const items: Array<Record<string, unknown>> = [];
  let cursor: string | null = null;
  const separator = path.includes('?') ? '&' : '?';
  do {
    const url = `${path}${separator}limit=${limit}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
    const page = expect(await operator.get(url), 200) as {
      items: Array<Record<string, unknown>>;
      nextCursor: string | null;
      hasMore: boolean;
    };
    if (page.items.length > limit) throw new Error('a page held more items than its limit');
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return items;
}

/** The operator's read routes: what the admin page shows, paged, on the store given. */
export function adminReadsSuite(test: TestFn<ReadsContext>, open: () => Promise<Persistence>): void {
  test.before(async (t) => {
    const app = await startTestService({ storage: { kind: 'provided', persistence: await open() }, rateLimitScale: 1000 });
    t.context = { app, operator: operatorOf(app.http, app.bootstrapKey) };
  });
  test.after.always((t) => t.context.app?.close());

  test('departments, characters, members and units are read back a page at a time, each once, oldest first', async (t) => {
    const { operator } = t.context;
    const org = await operator.organisation();
    const departments = [await org.department('lspd'), await org.department('bcso'), await org.department('sahp')];
    const members = [
      await org.member(departments[0]!, '1-A-1'),
      await org.member(departments[0]!, '1-A-2'),
      await org.member(departments[1]!, '2-B-1'),
    ];
    const base = `/organisations/${org.organisationId}`;
    t.deepEqual(
      (await walk(operator, `${base}/departments`, 2)).map((d) => d['departmentId']),
      departments,
    );
    const characters = await walk(operator, `${base}/characters`, 2);
    t.is(characters.length, 3);
    t.deepEqual(
      (await walk(operator, `${base}/members`, 1)).map((m) => m['unitId']),
      members.map((m) => m.unitId),
    );
    t.deepEqual(
      (await walk(operator, `${base}/members?departmentId=${departments[0]}`, 1)).map((m) => m['membershipId']),
      members.slice(0, 2).map((m) => m.membershipId),
    );
    const units = await walk(operator, `${base}/units?departmentId=${departments[0]}`, 5);
    t.deepEqual(
      units.map((u) => u['callsign']),
      ['1-A-1', '1-A-2'],
    );
    t.deepEqual(
      characters.map((c) => c['characterId']).sort(),
      (await walk(operator, `${base}/members`, 10)).map((m) => m['characterId']).sort(),
    );
  });

  test('a cursor opens only for its own list, organisation and filters; an edited one is 400', async (t) => {
    const { operator } = t.context;
    const org = await operator.organisation();
    const other = await operator.organisation();
    await org.department('one');
    await org.department('two');
    await other.department('three');
    const first = expect(await operator.get(`/organisations/${org.organisationId}/departments?limit=1`), 200);
    t.true(first.hasMore);
    const cursor = encodeURIComponent(first.nextCursor);
    for (const path of [
      `/organisations/${other.organisationId}/departments?cursor=${cursor}`,
      `/organisations/${org.organisationId}/characters?cursor=${cursor}`,
      `/organisations/${org.organisationId}/departments?cursor=${cursor}x`,
    ]) {
      const reply = await operator.get(path);
      t.deepEqual([reply.status, reply.body.details?.[0]?.field], [400, 'cursor'], path);
    }
  });

  test("an organisation's settings read back as they were changed; its keys read only their own organisation", async (t) => {
    const { operator, app } = t.context;
    const org = await operator.organisation({ mapType: 'static_image' });
    const other = await operator.organisation();
    expect(await operator.patch(`/organisations/${org.organisationId}`, { concurrentAccountsMax: 12 }), 200);
    t.like(expect(await operator.get(`/organisations/${org.organisationId}`), 200), {
      organisationId: org.organisationId,
      mapType: 'static_image',
      concurrentAccountsMax: 12,
    });
    const { key } = await org.operatorKey(['organisation.settings.manage', 'roster.manage'], 'settings');
    const own = operatorOf(app.http, key);
    expect(await own.get(`/organisations/${org.organisationId}`), 200);
    for (const path of ['', '/departments', '/characters', '/members', '/units']) {
      const reply = await own.get(`/organisations/${other.organisationId}${path}`);
      t.deepEqual([reply.status, reply.body], [404, { error: 'NOT_FOUND', message: 'No such organisation.' }], path);
    }
    t.is((await own.get('/organisations')).status, 403);
  });

  test("a key reads its own permissions and its organisation's name; the bootstrap key lists every organisation", async (t) => {
    const { operator, app } = t.context;
    const org = await operator.organisation();
    const { key, operatorKeyId } = await org.operatorKey(['audit.view'], 'auditor');
    const { name } = expect(await operator.get(`/organisations/${org.organisationId}`), 200);
    t.deepEqual(expect(await operatorOf(app.http, key).get('/me'), 200), {
      operatorKeyId,
      personId: null,
      role: null,
      organisationId: org.organisationId,
      organisationName: name,
      label: 'auditor',
      permissions: ['audit.view'],
      bootstrap: false,
    });
    t.like(expect(await operator.get('/me'), 200), { organisationId: null, organisationName: null, bootstrap: true });
    const listed = await walk(operator, '/organisations', 100);
    t.true(listed.some((o) => o['organisationId'] === org.organisationId));
  });

  test('the audit log filters by action and by credential, newest first, and pages with before', async (t) => {
    const { operator } = t.context;
    const org = await operator.organisation();
    const departmentId = await org.department();
    const game = await org.gameCredential(departmentId);
    const api = await org.apiCredential('all');
    for (const credential of [game, api]) expect(await operator.post(`/credentials/${credential.clientId}/rotate`), 200);
    expect(await operator.post(`/credentials/${api.clientId}/revoke`), 200);
    const base = `/organisations/${org.organisationId}/audit`;
    const rotated = expect(await operator.get(`${base}?action=credential.rotated`), 200) as Array<Record<string, any>>;
    t.deepEqual(
      rotated.map((e) => e['subject'].id),
      [api.clientId, game.clientId],
    );
    const aboutApi = expect(await operator.get(`${base}?credentialId=${api.clientId}`), 200) as Array<Record<string, any>>;
    t.deepEqual(
      aboutApi.map((e) => e['action']),
      ['credential.revoked', 'credential.rotated', 'credential.created'],
    );
    const both = expect(await operator.get(`${base}?credentialId=${api.clientId}&action=credential.rotated`), 200);
    t.is(both.length, 1);
    const firstPage = expect(await operator.get(`${base}?credentialId=${api.clientId}&limit=1`), 200);
    const next = expect(await operator.get(`${base}?credentialId=${api.clientId}&limit=5&before=${firstPage[0].id}`), 200);
    t.deepEqual(
      next.map((e: { action: string }) => e.action),
      ['credential.rotated', 'credential.created'],
    );
    const bad = await operator.get(`${base}?action=${encodeURIComponent('x; drop')}`);
    t.is(bad.status, 400);
  });
}
