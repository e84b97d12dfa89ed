import anyTest, { type TestFn } from 'ava';
import { API_SCOPES } from '../../domain/credential/scope.ts';
import { type Operator, expect, operatorOf } from '../support/operator-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

const test = anyTest as TestFn<{ app: TestService; operator: Operator }>;

test.before(async (t) => {
  const app = await startTestService({ rateLimitScale: 100 });
  t.context = { app, operator: operatorOf(app.http, app.bootstrapKey) };
});
test.after.always((t) => t.context.app.close());

test('a new organisation has the documented default settings', async (t) => {
  const reply = await t.context.operator.post('/organisations', { name: 'Vinewood RP' });
  t.is(reply.status, 201);
  t.like(reply.body, {
    name: 'Vinewood RP',
    mapType: 'game_tiles',
    arrivalRadius: 50,
    concurrentAccountsMax: null,
    autoProvision: true,
    emergencyDepartmentId: null,
  });
  t.regex(reply.body.organisationId, /^[0-9a-f-]{36}$/);
});

test('settings change one at a time; the 911 department must be the organisation own', async (t) => {
  const org = await t.context.operator.organisation({ mapType: 'static_image' });
  const departmentId = await org.department('dispatch');
  const changed = expect(
    await t.context.operator.patch(`/organisations/${org.organisationId}`, {
      emergencyDepartmentId: departmentId,
      concurrentAccountsMax: 64,
    }),
    200,
  );
  t.like(changed, { mapType: 'static_image', emergencyDepartmentId: departmentId, concurrentAccountsMax: 64, arrivalRadius: 50 });
  const cleared = expect(await t.context.operator.patch(`/organisations/${org.organisationId}`, { emergencyDepartmentId: null }), 200);
  t.is(cleared.emergencyDepartmentId, null);
  const zero = await t.context.operator.patch(`/organisations/${org.organisationId}`, { arrivalRadius: 0 });
  t.deepEqual([zero.status, zero.body.details[0].field], [400, 'arrivalRadius']);
});

test('departments: a slug is unique in its organisation, and must be a slug', async (t) => {
  const org = await t.context.operator.organisation();
  const departmentId = await org.department('sheriff');
  const twin = await t.context.operator.post(`/organisations/${org.organisationId}/departments`, { slug: 'sheriff', name: 'again' });
  t.deepEqual([twin.status, twin.body.error], [409, 'CONFLICT']);
  const bad = await t.context.operator.post(`/organisations/${org.organisationId}/departments`, { slug: 'Sheriff Office', name: 'x' });
  t.deepEqual([bad.status, bad.body.details[0].field], [400, 'slug']);
  const other = await t.context.operator.organisation();
  t.truthy(await other.department('sheriff'));
  t.like(expect(await t.context.operator.patch(`/departments/${departmentId}`, { isActive: false }), 200), {
    isActive: false,
    slug: 'sheriff',
  });
});

test('characters: a date of birth must exist; the display name joins the names', async (t) => {
  const org = await t.context.operator.organisation();
  const base = `/organisations/${org.organisationId}/characters`;
  const made = expect(await t.context.operator.post(base, { firstName: ' Amanda ', lastName: 'De Santa', dateOfBirth: '1970-02-28' }), 201);
  t.like(made, { displayName: 'Amanda De Santa', dateOfBirth: '1970-02-28' });
  t.regex(made.characterPublicId, /^[0-9a-f-]{36}$/);
  t.not(made.characterPublicId, made.characterId);
  for (const dateOfBirth of ['1970-02-30', '28/02/1970']) {
    const reply = await t.context.operator.post(base, { firstName: 'A', lastName: 'B', dateOfBirth });
    t.deepEqual([reply.status, reply.body.details[0].field], [400, 'dateOfBirth']);
  }
});

test('link codes: ten characters of 50 bits, valid ten minutes, a fresh one each time', async (t) => {
  const org = await t.context.operator.organisation();
  const { characterId } = await org.character();
  const first = expect(await t.context.operator.post(`/characters/${characterId}/link-codes`), 201);
  const second = expect(await t.context.operator.post(`/characters/${characterId}/link-codes`), 201);
  t.regex(first.code, /^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
  t.not(first.code, second.code);
  const minutes = (Date.parse(first.expiresAt) - Date.now()) / 60_000;
  t.true(minutes > 9.9 && minutes <= 10, String(minutes));
});

test('members: the unit label is the callsign; one membership and one callsign per department', async (t) => {
  const org = await t.context.operator.organisation();
  const departmentId = await org.department();
  const { characterId } = await org.character();
  const path = `/departments/${departmentId}/members`;
  const member = expect(await t.context.operator.post(path, { characterId, callsign: '4-KING-2' }), 201);
  t.is(member.unitLabel, '4-KING-2');
  t.deepEqual(Object.keys(member).sort(), ['membershipId', 'unitId', 'unitLabel']);
  t.is((await t.context.operator.post(path, { characterId, callsign: '4-KING-3' })).status, 409);
  const taken = await t.context.operator.post(path, { characterId: (await org.character()).characterId, callsign: '4-KING-2' });
  t.deepEqual([taken.status, taken.body.error], [409, 'CONFLICT']);
  const unassigned = await org.member(departmentId, null);
  t.is(unassigned.unitLabel, null);
  const renamed = expect(await t.context.operator.patch(`/units/${unassigned.unitId}`, { callsign: '4-KING-9', isActive: false }), 200);
  t.like(renamed, { unitLabel: '4-KING-9', callsign: '4-KING-9', isActive: false, status: 'OFF_DUTY' });
  t.is((await t.context.operator.patch(`/units/${unassigned.unitId}`, { callsign: '4-KING-2' })).status, 409);
});

test('credentials: select-all ticks every scope; kinds keep their department rule; unknown scopes are refused', async (t) => {
  const org = await t.context.operator.organisation();
  const departmentId = await org.department();
  const all = await org.apiCredential('all');
  t.deepEqual(all.scopes, [...API_SCOPES]);
  t.is(all.departmentId, null);
  t.regex(all.clientSecret, /^cad_cs_[A-Za-z0-9_-]{43}$/);
  const base = `/organisations/${org.organisationId}/credentials`;
  const cases = [
    [{ kind: 'game', label: 'x' }, 'departmentId'],
    [{ kind: 'generic_api_key', label: 'x', departmentId, scopes: ['cad.unit.view'] }, 'departmentId'],
    [{ kind: 'generic_api_key', label: 'x', scopes: ['cad.*'] }, 'scopes'],
    [{ kind: 'generic_api_key', label: 'x', scopes: ['game.citation.issue'] }, 'scopes'],
    [{ kind: 'game', label: 'x', departmentId, scopes: ['cad.unit.view'] }, 'scopes'],
    [{ kind: 'generic_api_key', label: 'x', scopes: [] }, 'scopes'],
  ] as const;
  for (const [body, field] of cases) {
    const reply = await t.context.operator.post(base, body);
    t.deepEqual([reply.status, reply.body.details?.[0]?.field], [400, field], JSON.stringify(body));
  }
  const game = await org.gameCredential(departmentId, ['game.bolo.trigger']);
  t.like(game, { kind: 'game', departmentId, scopes: ['game.bolo.trigger'] });
});

test('unknown_scope names each scope the kind cannot hold, and the scopes it can', async (t) => {
  const org = await t.context.operator.organisation();
  const departmentId = await org.department();
  const base = `/organisations/${org.organisationId}/credentials`;
  const api = await t.context.operator.post(base, {
    kind: 'generic_api_key',
    label: 'x',
    scopes: ['cad.unit.view', 'cad.*', 'game.arrest.log'],
  });
  const apiScopes = API_SCOPES.join(', ');
  t.deepEqual(
    [api.status, api.body],
    [
      400,
      {
        error: 'VALIDATION_FAILED',
        message: 'The request is not valid.',
        details: [
          {
            in: 'body',
            field: 'scopes',
            message: `holds cad.*, which a generic_api_key credential cannot have; its scopes are ${apiScopes}`,
          },
          {
            in: 'body',
            field: 'scopes',
            message: `holds game.arrest.log, which a generic_api_key credential cannot have; its scopes are ${apiScopes}`,
          },
        ],
      },
    ],
  );
  const game = await t.context.operator.post(base, { kind: 'game', label: 'x', departmentId, scopes: ['records.bolo.view'] });
  t.deepEqual(game.body.details, [
    {
      in: 'body',
      field: 'scopes',
      message:
        'holds records.bolo.view, which a game credential cannot have; its scopes are game.citation.issue, game.arrest.log, game.bolo.trigger',
    },
  ]);
});

test('credentials are listed without their secrets; rotation shows the new secret once; revoked ones stay revoked', async (t) => {
  const org = await t.context.operator.organisation();
  const credential = await org.apiCredential(['cad.unit.view'], 'dashboard');
  const { clientSecret } = expect(await t.context.operator.post(`/credentials/${credential.clientId}/rotate`), 200);
  expect(await t.context.operator.post(`/credentials/${credential.clientId}/revoke`), 200);
  const listed = await t.context.operator.get(`/organisations/${org.organisationId}/credentials`);
  const text = JSON.stringify(listed.body);
  t.false(text.includes(credential.clientSecret) || text.includes(clientSecret) || /secret|hash/i.test(text));
  t.like(listed.body, [{ clientId: credential.clientId, label: 'dashboard', status: 'revoked' }]);
  const again = await t.context.operator.post(`/credentials/${credential.clientId}/rotate`);
  t.deepEqual([again.status, again.body.error], [409, 'CONFLICT']);
});

test('records: vehicles are unique by plate whatever the spacing; releases by version', async (t) => {
  const org = await t.context.operator.organisation();
  const base = `/organisations/${org.organisationId}`;
  const owner = expect(
    await t.context.operator.post(`${base}/civilians`, { firstName: 'Ron', lastName: 'Jakowski', dateOfBirth: '1970-01-01' }),
    201,
  );
  t.is(owner.licenseStatus, 'VALID');
  const vehicle = expect(
    await t.context.operator.post(`${base}/vehicles`, { plate: '46 eek 572', make: 'Vapid', ownerCivilianId: owner.civilianId }),
    201,
  );
  t.like(vehicle, { plate: '46 EEK 572', make: 'Vapid', model: null, ownerCivilianId: owner.civilianId, registrationStatus: 'VALID' });
  t.is((await t.context.operator.post(`${base}/vehicles`, { plate: '46EEK572' })).status, 409);
  const warrant = expect(await t.context.operator.post(`${base}/warrants`, { civilianId: owner.civilianId, status: 'ACTIVE' }), 201);
  t.like(warrant, { civilianId: owner.civilianId, status: 'ACTIVE', description: null });
  const release = { resourceSlug: `cad-bridge-${Date.now()}`, version: '2.1.0', manifest: { files: ['client.lua', 'server.lua'] } };
  t.like(expect(await t.context.operator.post('/releases', release), 201), release);
  t.is((await t.context.operator.post('/releases', release)).status, 409);
  t.is((await t.context.operator.post('/releases', { ...release, version: 'v2' })).status, 400);
});

test('every write leaves one audit entry naming the operator key, newest first, without secrets', async (t) => {
  const org = await t.context.operator.organisation();
  const departmentId = await org.department();
  const { key } = await org.operatorKey(['integrations.credential.manage', 'audit.view'], 'integrations lead');
  const created = expect(
    await t.context.app.http.post(
      `/api/v1/admin/organisations/${org.organisationId}/credentials`,
      { kind: 'game', label: 'FiveM', departmentId },
      { token: key },
    ),
    201,
  );
  const entries = expect(await t.context.app.http.get(`/api/v1/admin/organisations/${org.organisationId}/audit`, { token: key }), 200);
  t.deepEqual(
    entries.map((e: { action: string }) => e.action),
    ['credential.created', 'operator_key.created', 'department.created', 'organisation.created'],
  );
  t.like(entries[0], { actor: { kind: 'operator', label: 'integrations lead' }, subject: { type: 'credential', id: created.clientId } });
  t.like(entries[3], { actor: { kind: 'operator', label: 'bootstrap' } });
  t.false(JSON.stringify(entries).includes(created.clientSecret) || JSON.stringify(entries).includes(key));
  const page = expect(
    await t.context.app.http.get(`/api/v1/admin/organisations/${org.organisationId}/audit?limit=2&before=${entries[1].id}`, { token: key }),
    200,
  );
  t.deepEqual(
    page.map((e: { action: string }) => e.action),
    ['department.created', 'organisation.created'],
  );
});

test('operator keys are listed without their secret; a revoked key stops working at once', async (t) => {
  const org = await t.context.operator.organisation();
  const { key, operatorKeyId } = await org.operatorKey(['audit.view'], 'night shift');
  t.is((await t.context.app.http.get(`/api/v1/admin/organisations/${org.organisationId}/audit`, { token: key })).status, 200);
  const listed = expect(await t.context.operator.get(`/organisations/${org.organisationId}/operator-keys`), 200);
  t.like(listed, [{ operatorKeyId, label: 'night shift', permissions: ['audit.view'], status: 'active' }]);
  t.false(JSON.stringify(listed).includes(key) || /hash/i.test(JSON.stringify(listed)));
  t.like(expect(await t.context.operator.post(`/operator-keys/${operatorKeyId}/revoke`), 200), { status: 'revoked' });
  const after = await t.context.app.http.get(`/api/v1/admin/organisations/${org.organisationId}/audit`, { token: key });
  t.deepEqual(after.body, { error: 'UNAUTHORIZED', message: 'Authentication failed.' });
  const entries = expect(await t.context.operator.get(`/organisations/${org.organisationId}/audit`), 200);
  t.is(entries[0].action, 'operator_key.revoked');
});

test('a key revokes only keys no stronger than itself, itself included', async (t) => {
  const org = await t.context.operator.organisation();
  const weak = await org.operatorKey(['organisation.settings.manage'], 'settings only');
  const strong = await org.operatorKey(['organisation.settings.manage', 'integrations.credential.manage'], 'admin');
  const auditor = await org.operatorKey(['audit.view'], 'auditor');
  const revoke = (key: string, id: string) =>
    t.context.app.http.post(`/api/v1/admin/operator-keys/${id}/revoke`, undefined, { token: key });
  t.deepEqual((await revoke(weak.key, strong.operatorKeyId)).body.error, 'FORBIDDEN');
  t.is((await revoke(weak.key, auditor.operatorKeyId)).status, 403, 'audit.view is not a permission the weak key holds');
  t.is((await revoke(strong.key, weak.operatorKeyId)).status, 200);
  t.is((await revoke(strong.key, strong.operatorKeyId)).status, 200);
  t.is(
    (await t.context.app.http.get(`/api/v1/admin/organisations/${org.organisationId}/operator-keys`, { token: strong.key })).status,
    401,
  );
});

test('revoking what is revoked already succeeds, changes nothing and records nothing', async (t) => {
  const org = await t.context.operator.organisation();
  const { operatorKeyId } = await org.operatorKey(['audit.view']);
  const credential = await org.apiCredential(['cad.unit.view']);
  for (let i = 0; i < 2; i++) {
    t.is((await t.context.operator.post(`/operator-keys/${operatorKeyId}/revoke`)).status, 200);
    t.is((await t.context.operator.post(`/credentials/${credential.clientId}/revoke`)).status, 200);
  }
  const actions = (await org.audit()).map((e) => e.action);
  t.is(actions.filter((a) => a === 'operator_key.revoked').length, 1);
  t.is(actions.filter((a) => a === 'credential.revoked').length, 1);
});

test('the bootstrap key cannot be revoked through an organisation route', async (t) => {
  const bootstrap = await t.context.app.service.core.useCases.authenticateOperator.execute(t.context.app.bootstrapKey);
  const reply = await t.context.operator.post(`/operator-keys/${bootstrap!.id}/revoke`);
  t.deepEqual([reply.status, reply.body.error], [404, 'NOT_FOUND']);
  t.truthy(await t.context.app.service.core.useCases.authenticateOperator.execute(t.context.app.bootstrapKey));
});

test('unknown paths and wrong methods answer in the one error shape', async (t) => {
  const { http } = t.context.app;
  const missing = await http.get('/api/v1/nowhere');
  t.deepEqual([missing.status, missing.body], [404, { error: 'NOT_FOUND', message: 'Not found.' }]);
  const wrong = await http.send('DELETE', '/api/v1/integrations/token');
  t.deepEqual([wrong.status, wrong.body.error], [405, 'METHOD_NOT_ALLOWED']);
  t.truthy(wrong.headers.get('allow'));
});

test('a 405 lists the methods of the path in Allow, and its body names the method refused', async (t) => {
  const { http } = t.context.app;
  const token = await http.send('DELETE', '/api/v1/integrations/token');
  t.is(token.headers.get('allow'), 'POST');
  t.deepEqual(
    [token.status, token.body],
    [405, { error: 'METHOD_NOT_ALLOWED', message: 'DELETE is not allowed here. This path allows POST.' }],
  );
  const organisation = await t.context.operator.organisation();
  const credentials = `/api/v1/admin/organisations/${organisation.organisationId}/credentials`;
  const wrong = await http.send('PUT', credentials, {}, { token: t.context.app.bootstrapKey });
  const allowed = (wrong.headers.get('allow') ?? '').split(', ').sort();
  t.deepEqual([wrong.status, allowed], [405, ['GET', 'HEAD', 'POST']]);
  t.is(wrong.body.message, `PUT is not allowed here. This path allows ${wrong.headers.get('allow')}.`);
});

test('every response carries a request id; a sane one sent by the caller is echoed', async (t) => {
  const { http } = t.context.app;
  t.regex((await http.get('/healthz')).headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
  t.is((await http.get('/healthz', { headers: { 'x-request-id': 'fivem-42' } })).headers.get('x-request-id'), 'fivem-42');
  for (const unsafe of ['x'.repeat(65), 'two words', '<script>']) {
    t.not((await http.get('/healthz', { headers: { 'x-request-id': unsafe } })).headers.get('x-request-id'), unsafe);
  }
});

test('the OpenAPI document describes every route of the table with its guard', async (t) => {
  const doc = expect(await t.context.app.http.get('/api/v1/openapi.json'), 200);
  t.is(doc.openapi, '3.1.0');
  t.like(doc.paths['/api/v1/units'].get, { 'x-required-scope': 'cad.unit.view', 'x-credential-kind': 'generic_api_key' });
  t.like(doc.paths['/api/v1/admin/organisations/{organisationId}/credentials'].post, {
    'x-operator-permission': 'integrations.credential.manage',
  });
  t.truthy(doc.paths['/api/v1/integrations/game/token'].post.responses['429']);
});
