import test from 'ava';
import { createCadCore, createMemoryPersistence } from '../../composition/index.ts';
import { Plate } from '../../domain/records/plate.ts';
import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { CredentialId, DepartmentId, OrganisationId } from '../../domain/shared/ids.ts';
import { ids } from '../support/persistence-fixtures.ts';

const player = (() => {
  const parsed = PlayerIdentifiers.from({ license: 'license:sync' });
  if (!parsed.ok) throw new Error();
  return parsed.value;
})();

async function world() {
  const store = createMemoryPersistence();
  const core = await createCadCore({ storage: { kind: 'provided', persistence: store } });
  const operator = (await core.useCases.authenticateOperator.execute((await core.useCases.ensureBootstrapKey.execute())!))!;
  const org = await core.useCases.createOrganisation.execute({ operator, name: 'sync', settings: {} });
  if (!org.ok) throw new Error();
  const grant: AccessGrant = {
    credentialId: ids.next<CredentialId>(),
    organisationId: org.value.id as OrganisationId,
    kind: 'game',
    departmentId: ids.next<DepartmentId>(),
    scopes: [],
    label: 'FiveM server',
  };
  return { core, operator, grant, store };
}

test('the first sync registers the vehicle; later syncs find it and never overwrite its details', async (t) => {
  const { core, grant } = await world();
  t.teardown(() => core.close());
  const sync = (vehicle: { plate: string; make?: string; model?: string; color?: string }) =>
    core.useCases.syncVehicle.execute({ grant, identifiers: player, vehicle });
  const first = await sync({ plate: '46 EEK 572', make: 'Vapid', color: 'red' });
  if (!first.ok) return t.fail();
  t.true(first.value.created);
  const again = await sync({ plate: '46eek572', make: 'Bravado', model: 'Buffalo', color: 'blue' });
  t.deepEqual(again, { ok: true, value: { vehicleId: first.value.vehicleId, created: false } });
  const entries = await core.useCases.readAuditLog.execute({
    operator: (await core.useCases.authenticateOperator.execute((await core.useCases.ensureBootstrapKey.execute({ replace: true }))!))!,
    organisationId: grant.organisationId,
    limit: 10,
  });
  if (!entries.ok) return t.fail();
  t.like(entries.value, [
    {
      action: 'vehicle.synced',
      actor: { kind: 'credential', id: grant.credentialId, label: 'FiveM server' },
      details: { plate: '46 EEK 572' },
    },
    { action: 'vehicle.registered', subject: { type: 'vehicle', id: first.value.vehicleId } },
  ]);
});

test('a sync fills in only the details that were never known', async (t) => {
  const { core, grant, operator, store } = await world();
  t.teardown(() => core.close());
  const registered = await core.useCases.registerVehicle.execute({
    operator,
    organisationId: grant.organisationId,
    plate: 'BARE1',
    make: 'Albany',
  });
  if (!registered.ok) return t.fail();
  await core.useCases.syncVehicle.execute({
    grant,
    identifiers: player,
    vehicle: { plate: 'BARE1', make: 'Declasse', model: 'Vigero', color: '' },
  });
  await core.useCases.syncVehicle.execute({ grant, identifiers: player, vehicle: { plate: 'BARE1', make: 'Pegassi', color: 'green' } });
  const stored = await store.vehicles.findByPlate(grant.organisationId, Plate.keyOf('BARE1'));
  t.like(stored?.snapshot(), { id: registered.value.id, make: 'Albany', model: 'Vigero', color: 'green' });
});

test('an invalid plate is refused before anything is written', async (t) => {
  const { core, grant } = await world();
  t.teardown(() => core.close());
  t.deepEqual(await core.useCases.syncVehicle.execute({ grant, identifiers: player, vehicle: { plate: '!!' } }), {
    ok: false,
    reason: 'invalid_plate',
  });
});
