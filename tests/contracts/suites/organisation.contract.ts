import { UniqueConstraintViolation } from '../../../application/ports/persistence-errors.ts';
import { Organisation } from '../../../domain/organisation/organisation.ts';
import type { DepartmentId, OrganisationId } from '../../../domain/shared/ids.ts';
import { NOW, fixtures, ids } from '../../support/persistence-fixtures.ts';
import type { ContractTest } from './contract-test.ts';

export function organisationContract(test: ContractTest) {
  test('organisations: saved settings read back exactly, and change on save', async (t) => {
    const { store } = t.context;
    const organisation = Organisation.create(
      ids.next<OrganisationId>(),
      'Blaine County',
      { mapType: 'static_image', arrivalRadius: 12.5 },
      NOW,
    );
    await store.organisations.save(organisation);
    t.deepEqual((await store.organisations.get(organisation.id))?.snapshot(), organisation.snapshot());
    organisation.changeSettings({ concurrentAccountsMax: 64, autoProvision: false });
    organisation.rename('Blaine County RP');
    await store.organisations.save(organisation);
    t.deepEqual((await store.organisations.get(organisation.id))?.snapshot(), organisation.snapshot());
    t.true(
      organisation.setMapLayer({
        tileUrlTemplate: null,
        imageUrl: 'https://maps.example.org/blaine.jpg',
        bounds: { minX: -4000.5, minY: -4000, maxX: 6000, maxY: 8000.25 },
      }),
    );
    await store.organisations.save(organisation);
    t.deepEqual((await store.organisations.get(organisation.id))?.snapshot(), organisation.snapshot());
    t.true(organisation.setMapLayer(null));
    await store.organisations.save(organisation);
    t.is((await store.organisations.get(organisation.id))?.mapLayer, null);
  });

  test('organisations: an unknown id reads as null', async (t) => {
    t.is(await t.context.store.organisations.get(ids.next<OrganisationId>()), null);
  });

  test('departments: read back by id and by slug within their organisation only', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const [a, b] = [await f.organisation(), await f.organisation()];
    const lspd = await f.department(a.id, 'lspd');
    await f.department(b.id, 'lspd');
    t.deepEqual((await store.departments.get(lspd.id))?.snapshot(), lspd.snapshot());
    t.deepEqual((await store.departments.findBySlug(a.id, 'lspd'))?.id, lspd.id);
    t.is(await store.departments.findBySlug(a.id, 'bcso'), null);
    t.is(await store.departments.get(ids.next<DepartmentId>()), null);
  });

  test('departments: a slug is unique within its organisation', async (t) => {
    const f = fixtures(t.context.store);
    const organisation = await f.organisation();
    await f.department(organisation.id, 'safd');
    const error = await t.throwsAsync(() => f.department(organisation.id, 'safd'), { instanceOf: UniqueConstraintViolation });
    t.is(error?.constraint, 'department_slug');
  });

  test('departments: listed per organisation in slug order, activation kept', async (t) => {
    const { store } = t.context;
    const f = fixtures(store);
    const organisation = await f.organisation();
    const ems = await f.department(organisation.id, 'ems');
    await f.department(organisation.id, 'bcso');
    await f.department((await f.organisation()).id, 'aaa');
    ems.setActive(false);
    await store.departments.save(ems);
    const listed = await store.departments.listByOrganisation(organisation.id);
    t.deepEqual(
      listed.map((d) => [d.slug, d.isActive]),
      [
        ['bcso', true],
        ['ems', false],
      ],
    );
  });
}
