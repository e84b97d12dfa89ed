import test from 'ava';
import { Credential, type CredentialRequest } from '../../domain/credential/credential.ts';
import { API_SCOPES, BRIDGE_SCOPES } from '../../domain/credential/scope.ts';
import { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { CredentialId, OperatorKeyId, OrganisationId } from '../../domain/shared/ids.ts';
import { ORG, POLICE, T0 } from '../support/domain-builders.ts';

const request = (over: Partial<CredentialRequest>): CredentialRequest => ({
  id: '00000000-0000-7000-8000-0000000000e9' as CredentialId,
  organisationId: ORG,
  kind: 'generic_api_key',
  departmentId: null,
  label: 'camera network',
  scopes: ['cad.unit.view'],
  allScopes: false,
  secretHash: 'hash',
  ...over,
});

test('a game credential needs a department; an API credential may not have one', (t) => {
  t.deepEqual(Credential.create(request({ kind: 'game', scopes: [] }), T0), { ok: false, reason: 'department_required' });
  t.deepEqual(Credential.create(request({ departmentId: POLICE }), T0), { ok: false, reason: 'department_not_allowed' });
});

test('scopes are validated against the catalogue of the kind', (t) => {
  t.deepEqual(Credential.create(request({ scopes: ['cad.unit.view', 'cad.*'] }), T0), { ok: false, reason: 'unknown_scope' });
  t.deepEqual(Credential.create(request({ scopes: ['game.bolo.trigger'] }), T0), { ok: false, reason: 'unknown_scope' });
  t.deepEqual(Credential.create(request({ kind: 'game', departmentId: POLICE, scopes: ['cad.unit.view'] }), T0), {
    ok: false,
    reason: 'unknown_scope',
  });
  t.deepEqual(Credential.create(request({ scopes: [] }), T0), { ok: false, reason: 'no_scopes' });
});

test('select-all ticks every scope of the kind individually', (t) => {
  const api = Credential.create(request({ allScopes: true, scopes: [] }), T0);
  t.true(api.ok && api.value.snapshot().scopes.length === API_SCOPES.length);
  t.deepEqual(api.ok && api.value.snapshot().scopes, [...API_SCOPES]);
  const game = Credential.create(request({ kind: 'game', departmentId: POLICE, allScopes: true, scopes: [] }), T0);
  t.deepEqual(game.ok && game.value.snapshot().scopes, [...BRIDGE_SCOPES]);
});

test('duplicate scopes are held once', (t) => {
  const created = Credential.create(request({ scopes: ['cad.call.view', 'cad.call.view'] }), T0);
  t.deepEqual(created.ok && created.value.snapshot().scopes, ['cad.call.view']);
});

test('revocation is kept and idempotent; rotation replaces the hash', (t) => {
  const created = Credential.create(request({}), T0);
  if (!created.ok) return t.fail();
  const credential = created.value;
  credential.rotate('new-hash', T0);
  t.is(credential.secretHash, 'new-hash');
  credential.revoke(T0);
  credential.revoke(new Date(T0.getTime() + 1000));
  t.deepEqual(credential.snapshot().revokedAt, T0);
});

test('an organisation key reaches only its organisation, and only with its permissions', (t) => {
  const other = '00000000-0000-7000-8000-00000000000b' as OrganisationId;
  const key = OperatorKey.forOrganisation(
    { id: 'k' as OperatorKeyId, organisationId: ORG, label: 'ops', permissions: ['roster.manage'], keyHash: 'h' },
    T0,
  );
  t.true(key.allows('roster.manage', ORG));
  t.false(key.allows('records.manage', ORG));
  t.false(key.reaches(other));
  t.false(key.allows('roster.manage', other));
  const bootstrap = OperatorKey.bootstrap('b' as OperatorKeyId, 'h', T0);
  t.true(bootstrap.allows('records.manage', other));
});
