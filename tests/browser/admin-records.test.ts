import anyTest, { type TestFn } from 'ava';
import { checkScreen } from '../support/browser.ts';
import { expect } from '../support/operator-driver.ts';
import { type AdminSession, adminSession } from '../support/admin-session.ts';
import { bridgeWorld } from '../support/bridge-driver.ts';

/**
 * The admin page's Records screen (issue 33, item 6) and the new screens at phone width, driven in
 * Chromium by role and name and checked through the page and through the API.
 */
type Context = AdminSession;
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  t.context = await adminSession();
});
test.after.always(async (t) => {
  await t.context.browser?.close();
  await t.context.app?.close();
});

test.serial(
  'records: a civilian, a vehicle and a warrant are created, found by name and plate, and bad input writes nothing',
  async (t) => {
    const { page, app, key, organisationId } = t.context;
    await page.getByRole('button', { name: 'Records' }).click();
    await page.getByRole('heading', { name: 'Records' }).waitFor();
    await checkScreen(t, page, 'admin-records', 'records');

    // A date of birth that is no date is refused beside its field, and no civilian is written.
    const civilian = page.getByRole('group', { name: 'New civilian' });
    await civilian.getByLabel('Given name').fill('Franklin');
    await civilian.getByLabel('Family name').fill('Clinton');
    await civilian.getByRole('button', { name: 'Create civilian' }).click();
    await page.locator('#new-civilian-dateOfBirth-error').waitFor();
    const find = (firstName: string, lastName: string) =>
      app.http.get(`/api/v1/admin/organisations/${organisationId}/lookup/person?firstName=${firstName}&lastName=${lastName}`, {
        token: key,
      });
    t.deepEqual(expect(await find('Franklin', 'Clinton'), 200).matches, []);
    await checkScreen(t, page, 'admin-records', 'records-refused');

    await civilian.getByLabel('Date of birth').fill('1988-04-12');
    await civilian.getByLabel('Licence status (optional)').fill('SUSPENDED');
    await civilian.getByRole('button', { name: 'Create civilian' }).click();
    await page.getByText('Created the civilian Franklin Clinton.').waitFor();
    const [made] = expect(await find('Franklin', 'Clinton'), 200).matches;
    t.like(made, { dateOfBirth: '1988-04-12', licenseStatus: 'SUSPENDED' });
    // The civilians list has it, and its search narrows the owner and wanted choices to what it found.
    await page.getByRole('search', { name: 'Find civilians' }).getByLabel('Search').fill('clinton');
    await page
      .getByRole('table', { name: 'Civilian records' })
      .getByRole('row', { name: /Franklin Clinton 1988-04-12 SUSPENDED/ })
      .waitFor();
    await page.getByRole('navigation', { name: 'Pages of civilians' }).getByText('Page 1 of 1: 1–1 of 1 civilians found.').waitFor();

    const vehicle = page.getByRole('group', { name: 'New vehicle' });
    await vehicle.getByLabel('Plate').fill('fc 1988');
    await vehicle.getByLabel('Make').fill('Bravado');
    await vehicle.getByLabel('Colour').fill('green');
    await vehicle.getByLabel('Registered owner').selectOption(made.civilianId);
    await vehicle.getByRole('button', { name: 'Register vehicle' }).click();
    await page.getByText('Registered the vehicle FC 1988.').waitFor();

    const warrant = page.getByRole('group', { name: 'New warrant' });
    await warrant.getByLabel('Wanted civilian').selectOption(made.civilianId);
    await warrant.getByLabel('Description').fill('Failure to appear');
    await warrant.getByRole('button', { name: 'Issue warrant' }).click();
    await page.getByText('Issued a warrant for Franklin Clinton.').waitFor();
    const issued = expect(
      await app.http.get(`/api/v1/admin/organisations/${organisationId}/audit?action=warrant.issued`, { token: key }),
      200,
    );
    t.is(issued.length, 1);

    // Found again through the look-ups, by plate (case and spaces aside) and by name.
    const byPlate = page.getByRole('group', { name: 'Find a vehicle' });
    await byPlate.getByLabel('Plate').fill('fc1988');
    await byPlate.getByRole('button', { name: 'Find vehicle' }).click();
    const found = page.getByRole('table', { name: 'Records found' });
    await found.getByRole('row', { name: /FC 1988 green Bravado, \w+, owner Franklin Clinton/ }).waitFor();
    const byName = page.getByRole('group', { name: 'Find a civilian' });
    await byName.getByLabel('Given name').fill('franklin');
    await byName.getByLabel('Family name').fill('CLINTON');
    await byName.getByRole('button', { name: 'Find civilian' }).click();
    await found.getByRole('row', { name: /Franklin Clinton born 1988-04-12, licence SUSPENDED/ }).waitFor();
    await checkScreen(t, page, 'admin-records', 'records-found');
  },
);

test.serial(
  "records: a licence suspended, a warrant served and a vehicle given to another owner from the page, and the game's look-ups see each",
  async (t) => {
    const { page, app, key, organisationId } = t.context;
    // A game server of the page's organisation, with an officer on duty to look things up.
    const world = await bridgeWorld(app, { organisationId });
    const officer = await world.officer();
    const michael = await world.civilian('Michael', 'De Santa', '1965-04-18');
    const amanda = await world.civilian('Amanda', 'De Santa', '1968-03-03');
    await world.vehicle({ plate: 'MDS 1', make: 'Obey', model: 'Tailgater', color: 'black', ownerCivilianId: michael.civilianId });
    await world.warrant(michael.civilianId, 'ACTIVE');
    const person = async () =>
      expect(await world.desk.post('/lookup/person', { identifiers: officer.identifiers, firstName: 'Michael', lastName: 'De Santa' }), 200)
        .matches[0];
    const warrantCheck = async () =>
      expect(
        await world.desk.post('/warrant-check', {
          identifiers: officer.identifiers,
          firstName: 'Michael',
          lastName: 'De Santa',
          dateOfBirth: '1965-04-18',
        }),
        200,
      );
    const vehicle = async () =>
      expect(await world.desk.post('/lookup/vehicle', { identifiers: officer.identifiers, plate: 'mds1' }), 200).vehicle;
    t.like(await person(), { licenseStatus: 'VALID' });
    t.like(await warrantCheck(), { checked: true, hasActiveWarrant: true });
    t.like(await vehicle(), { ownerDisplayName: 'Michael De Santa' });

    // The screen opened again reads the three lists.
    await page.getByRole('button', { name: 'Records' }).click();
    await page.getByRole('search', { name: 'Find civilians' }).getByLabel('Search').fill('michael');
    const civilians = page.getByRole('table', { name: 'Civilian records' });
    await civilians.getByRole('row', { name: /Michael De Santa 1965-04-18 VALID/ }).waitFor();

    // The civilian's Edit dialog: an emptied name is refused beside its field and nothing is written; then the licence is suspended.
    await civilians.getByRole('button', { name: 'Edit civilian Michael De Santa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit civilian Michael De Santa' });
    await dialog.getByLabel('Given name').fill('');
    await dialog.getByLabel('Licence status').fill('SUSPENDED');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.locator('#record-edit-firstName-error').waitFor();
    await checkScreen(t, page, 'admin-records', 'records-edit-refused');
    if (process.env['SAVE_README_SCREENSHOT'] === '1')
      await page.screenshot({ path: new URL('../../docs/images/admin-records.png', import.meta.url).pathname });
    t.like(await person(), { licenseStatus: 'VALID' }, 'nothing written');
    await dialog.getByLabel('Given name').fill('Michael');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved the civilian Michael De Santa.').waitFor();
    t.false(await dialog.isVisible());
    await civilians.getByRole('row', { name: /Michael De Santa 1965-04-18 SUSPENDED/ }).waitFor();
    t.like(await person(), { licenseStatus: 'SUSPENDED' }, "the game's person look-up sees the suspended licence");

    // The warrant, found in its list by the wanted civilian's name, is marked served.
    await page.getByRole('search', { name: 'Find warrants' }).getByLabel('Search').fill('de santa');
    const warrants = page.getByRole('table', { name: 'Warrants issued' });
    await warrants.getByRole('row', { name: /Michael De Santa Active/ }).waitFor();
    await warrants.getByRole('button', { name: 'Mark warrant served for Michael De Santa' }).click();
    await page.getByText('The warrant for Michael De Santa is served.').waitFor();
    await warrants.getByRole('row', { name: /Michael De Santa Served/ }).waitFor();
    t.is(
      await warrants.getByRole('button', { name: 'Mark warrant served for Michael De Santa' }).count(),
      0,
      'a served warrant stays served',
    );
    t.like(await warrantCheck(), { checked: true, hasActiveWarrant: false }, "the game's warrant check sees it served");

    // The vehicle's Edit dialog gives it to Amanda.
    await page.getByRole('search', { name: 'Find vehicles' }).getByLabel('Search').fill('mds1');
    const vehicles = page.getByRole('table', { name: 'Vehicle registrations' });
    await vehicles.getByRole('row', { name: /MDS 1 black Obey Tailgater Michael De Santa VALID/ }).waitFor();
    await vehicles.getByRole('button', { name: 'Edit vehicle MDS 1' }).click();
    const editVehicle = page.getByRole('dialog', { name: 'Edit vehicle MDS 1' });
    await editVehicle.getByLabel('Registered owner').selectOption(amanda.civilianId);
    await checkScreen(t, page, 'admin-records', 'records-edit-vehicle');
    await editVehicle.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved the vehicle MDS 1.').waitFor();
    await vehicles.getByRole('row', { name: /MDS 1 black Obey Tailgater Amanda De Santa VALID/ }).waitFor();
    t.like(
      await vehicle(),
      { ownerCivilianId: amanda.civilianId, ownerDisplayName: 'Amanda De Santa' },
      "the game's plate look-up sees the new owner",
    );
    await checkScreen(t, page, 'admin-records', 'records-edited');

    const audit = async (action: string) =>
      expect(await app.http.get(`/api/v1/admin/organisations/${organisationId}/audit?action=${action}`, { token: key }), 200);
    t.like((await audit('civilian.updated'))[0], {
      subject: { type: 'civilian', id: michael.civilianId },
      details: { licenseStatus: 'SUSPENDED' },
    });
    t.like((await audit('warrant.updated'))[0], { details: { from: 'ACTIVE', status: 'SERVED' } });
    t.like((await audit('vehicle.updated'))[0], { details: { plate: 'MDS 1', ownerCivilianId: amanda.civilianId } });
  },
);

test.serial('on a phone-sized screen the new screens run off no side, and stay axe clean', async (t) => {
  const { page } = t.context;
  await page.setViewportSize({ width: 390, height: 844 });
  for (const name of ['Settings', 'Operator keys', 'Records', 'Onboarding']) {
    await page.getByRole('button', { name, exact: true }).click();
    await page.getByRole('heading', { name, level: 2 }).waitFor();
    const width = await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number);
    t.true(width <= 390, `${name}: ${width}px wide`);
    await checkScreen(t, page, 'admin-records', `phone-${name.toLowerCase().replaceAll(' ', '-')}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
});
