import test from 'ava';
import { HttpError } from '../../adapters/http/error-catalogue.ts';
import { keyScopeOf, runIdempotently } from '../../adapters/http/idempotency.ts';
import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { Scope } from '../../domain/credential/scope.ts';
import { OperatorKey, type OperatorPermission } from '../../domain/operator/operator-key.ts';
import type { CredentialId, OperatorKeyId, OrganisationId } from '../../domain/shared/ids.ts';
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

test('the scope of a key names the rights of its caller: other permissions or scopes, another scope', (t) => {
  const key = (permissions: readonly OperatorPermission[]) =>
    OperatorKey.forOrganisation(
      { id: 'k1' as OperatorKeyId, organisationId: 'o1' as OrganisationId, label: 'ops', permissions, keyHash: 'h' },
      NOW,
    );
  const asOperator = (permissions: readonly OperatorPermission[]) => keyScopeOf({ requestId: 'r', operator: key(permissions) });
  t.is(asOperator(['roster.manage', 'integrations.credential.manage']), asOperator(['integrations.credential.manage', 'roster.manage']));
  t.not(asOperator(['integrations.credential.manage', 'roster.manage']), asOperator(['roster.manage']));
  const grant = (scopes: readonly Scope[]): AccessGrant => ({
    kind: 'generic_api_key',
    credentialId: 'c1' as CredentialId,
    organisationId: 'o1' as OrganisationId,
    departmentId: null,
    scopes,
    label: 'api',
  });
  t.not(keyScopeOf({ requestId: 'r', grant: grant(['api.bolo.create' as Scope]) }), keyScopeOf({ requestId: 'r', grant: grant([]) }));
});
