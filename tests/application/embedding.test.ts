import test from 'ava';
import { createCadCore } from '../../composition/index.ts';
import { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { DepartmentId } from '../../domain/shared/ids.ts';

// A host embeds the core with no HTTP at all and drives it through its use cases.
test('a host embeds the core in memory: operator setup, credential, token exchange, a bridge write', async (t) => {
  const core = await createCadCore({ storage: { kind: 'memory' } });
  t.teardown(() => core.close());
  const { useCases } = core;
  const bootstrapKey = await useCases.ensureBootstrapKey.execute();
  t.truthy(bootstrapKey);
  const operator = await useCases.authenticateOperator.execute(bootstrapKey!);
  if (operator === null) return t.fail('the bootstrap key does not authenticate');
  const org = await useCases.createOrganisation.execute({ operator, name: 'Embedded RP', settings: {} });
  if (!org.ok) return t.fail(org.reason);
  const department = await useCases.createDepartment.execute({ operator, organisationId: org.value.id, slug: 'lspd', name: 'LSPD' });
  if (!department.ok) return t.fail(department.reason);
  const made = await useCases.createCredential.execute({
    operator,
    organisationId: org.value.id,
    kind: 'game',
    label: 'server',
    departmentId: department.value.id as DepartmentId,
    scopes: [],
    allScopes: true,
  });
  if (!made.ok) return t.fail(made.reason);
  const exchanged = await useCases.exchangeToken.execute({
    clientId: made.value.credential.id,
    clientSecret: made.value.clientSecret,
    kind: 'game',
  });
  if (!exchanged.ok) return t.fail(exchanged.reason);
  const grant = core.accessTokens.verify(exchanged.value.accessToken, core.clock.now());
  t.like(grant, { credentialId: made.value.credential.id, organisationId: org.value.id, kind: 'game', departmentId: department.value.id });
  const identifiers = PlayerIdentifiers.from({ license: 'license:embedded' });
  if (!identifiers.ok || grant?.kind !== 'game') return t.fail();
  const synced = await useCases.syncVehicle.execute({ grant, identifiers: identifiers.value, vehicle: { plate: 'EMB 001' } });
  t.like(synced, { ok: true, value: { created: true } });
  t.true(await core.isReady());
});
