import anyTest, { type TestFn } from 'ava';
import { checkScreen } from '../support/browser.ts';
import { expect } from '../support/operator-driver.ts';
import { type AdminSession, adminSession } from '../support/admin-session.ts';

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
