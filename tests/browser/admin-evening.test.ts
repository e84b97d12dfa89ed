import anyTest, { type TestFn } from 'ava';
import { OPERATOR_PERMISSIONS } from '../../domain/operator/operator-key.ts';
import { checkScreen } from '../support/browser.ts';
import { expect, tokenFor } from '../support/operator-driver.ts';
import { type AdminSession, adminSession } from '../support/admin-session.ts';

/**
 * The admin page for a community of 150 (issue 33): the organisation's settings, its operator keys,
 * the roster at scale and the audit log's names, each driven in Chromium by role and name and
 * checked through the page and through the API.
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

const admin = (t: { context: Context }, path: string, key = t.context.key) =>
  t.context.app.http.get(`/api/v1/admin${path}`, { token: key });
const organisation = async (t: { context: Context }) => expect(await admin(t, `/organisations/${t.context.organisationId}`), 200);

test.serial(
  'settings: every setting is a labelled control, refusals are said beside the field, and Save settings saves them',
  async (t) => {
    const { page, departments } = t.context;
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    const radius = page.getByLabel('Arrival radius (map units)');
    await t.notThrowsAsync(() => radius.waitFor());
    t.is(await radius.inputValue(), '50');
    t.true(await page.getByLabel('Auto-provisioning', { exact: false }).isChecked());
    await checkScreen(t, page, 'admin-evening', 'settings');

    // A radius of 0 is refused by the service's own rule, said beside the field; nothing is written.
    await radius.fill('0');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.locator('#setting-arrivalRadius-error').getByText('must be more than 0.').waitFor();
    t.is(await radius.getAttribute('aria-invalid'), 'true');
    t.is((await organisation(t)).arrivalRadius, 50);

    // A tile template without its placeholders is refused beside the map layer.
    await radius.fill('75');
    await page.getByLabel('Tile URL template').fill('https://tiles.example.net/map.png');
    for (const [label, value] of [
      ['Minimum X', '-4000'],
      ['Minimum Y', '-4000'],
      ['Maximum X', '4500'],
      ['Maximum Y', '8000'],
    ] as const)
      await page.getByLabel(label).fill(value);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page
      .locator('#setting-mapLayer-error')
      .getByText(/needs a tile template with \{z\}, \{x\} and \{y\}/)
      .waitFor();
    t.false(await page.locator('#setting-arrivalRadius-error').isVisible(), 'the older objection is gone');
    t.is((await organisation(t)).mapLayer, null);
    await checkScreen(t, page, 'admin-evening', 'settings-refused');

    await page.getByLabel('Tile URL template').fill('https://tiles.example.net/{z}/{x}/{y}.png');
    await page.getByLabel('Organisation’s name').fill('Los Santos Roleplay');
    await page.getByLabel('Auto-provisioning', { exact: false }).uncheck();
    await page.getByLabel('Department that takes /911').selectOption(departments.safd);
    await page.getByLabel('Who may join').selectOption('approval');
    await page.getByLabel('Characters per person').fill('2');
    await page.getByLabel('New characters wait for approval').check();
    await page.getByLabel('Link by trusted identity', { exact: false }).check();
    await page.getByLabel('Connected accounts limit').fill('150');
    await page.getByLabel('Minutes before a silent unit goes stale').fill('5');
    await page.getByLabel('Map type').selectOption('game_tiles');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    t.false(await page.locator('#setting-mapLayer-error').isVisible());
    t.like(await organisation(t), {
      name: 'Los Santos Roleplay',
      autoProvision: false,
      emergencyDepartmentId: departments.safd,
      joinRule: 'approval',
      charactersPerPerson: 2,
      characterApproval: true,
      trustedIdentityLink: true,
      concurrentAccountsMax: 150,
      arrivalRadius: 75,
      staleUnitMinutes: 5,
      mapType: 'game_tiles',
      mapLayer: {
        tileUrlTemplate: 'https://tiles.example.net/{z}/{x}/{y}.png',
        imageUrl: null,
        bounds: { minX: -4000, minY: -4000, maxX: 4500, maxY: 8000 },
      },
    });

    // Emptying the limit and the map layer sets them back to none.
    await page.getByLabel('Connected accounts limit').fill('');
    await page.getByLabel('Tile URL template').fill('');
    for (const label of ['Minimum X', 'Minimum Y', 'Maximum X', 'Maximum Y']) await page.getByLabel(label).fill('');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    t.like(await organisation(t), { concurrentAccountsMax: null, mapLayer: null, arrivalRadius: 75 });
    // What the page shows after a reload is what was saved.
    await page.getByRole('button', { name: 'Operator keys' }).click();
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Department that takes /911').waitFor();
    t.is(await page.getByLabel('Arrival radius (map units)').inputValue(), '75');
    t.is(await page.getByLabel('Department that takes /911').inputValue(), departments.safd);
    await checkScreen(t, page, 'admin-evening', 'settings-saved');
    if (process.env['SAVE_README_SCREENSHOT'] === '1')
      await page.screenshot({ path: new URL('../../docs/images/admin-settings.png', import.meta.url).pathname, fullPage: true });
  },
);

test.serial(
  'operator keys: created with a checklist of permissions and shown once, listed, and revoked after a confirmation',
  async (t) => {
    const { page, organisationId } = t.context;
    await page.getByRole('button', { name: 'Operator keys' }).click();
    const form = page.getByRole('group', { name: 'New operator key' });
    await form.getByLabel('Label', { exact: true }).fill('Night shift bot');
    for (const permission of OPERATOR_PERMISSIONS) t.true(await form.getByLabel(permission, { exact: true }).isEnabled());
    await form.getByLabel('roster.manage', { exact: true }).check();
    await form.getByLabel('audit.view', { exact: true }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByLabel('New key', { exact: true });
    await page.getByText('Created the key Night shift bot.').waitFor();
    const key = await shown.inputValue();
    t.regex(key, /^cad_op_/);
    const table = page.getByRole('table', { name: 'Operator keys of this organisation' });
    await table.getByRole('row', { name: /Night shift bot roster\.manage audit\.view/ }).waitFor();
    t.false(((await table.textContent()) ?? '').includes(key), 'the list never shows a key');
    await checkScreen(t, page, 'admin-evening', 'operator-keys');

    // The key works with exactly the permissions ticked.
    t.like(expect(await admin(t, '/me', key), 200), {
      label: 'Night shift bot',
      organisationId,
      permissions: ['roster.manage', 'audit.view'],
    });
    await page.getByRole('button', { name: 'I have stored the key' }).click();
    t.false(await page.getByRole('region', { name: 'Store this key now' }).isVisible());
    t.is(await shown.inputValue(), '');

    await table.getByRole('button', { name: 'Revoke Night shift bot' }).click();
    await page.getByText('Revoked the key Night shift bot.').waitFor();
    await table.getByRole('row', { name: /Night shift bot .* revoked/ }).waitFor();
    t.false(await table.getByRole('button', { name: 'Revoke Night shift bot' }).isVisible());
    t.is((await admin(t, '/me', key)).status, 401);
    const listed = expect(await admin(t, `/organisations/${organisationId}/operator-keys`), 200);
    t.like(
      listed.find((k: { label: string }) => k.label === 'Night shift bot'),
      { status: 'revoked' },
    );
    // The keys list is searched like every list (by label, status or permission).
    await page.getByRole('search', { name: 'Find keys' }).getByLabel('Search').fill('night');
    await page.getByRole('navigation', { name: 'Pages of keys' }).getByText('Page 1 of 1: 1–1 of 1 keys found.').waitFor();
    t.is(await table.getByRole('row').count(), 2);
    await checkScreen(t, page, 'admin-evening', 'operator-keys-revoked');
  },
);

test.serial(
  'roster at scale: every list is searched and paged, and a unit is renamed from its AUTO callsign and deactivated',
  async (t) => {
    const { page, app, key, organisationId, departments } = t.context;
    const post = (path: string, body: unknown) => app.http.post(`/api/v1/admin${path}`, body, { token: key });
    const made: Array<{ characterId: string }> = [];
    for (let n = 1; n <= 59; n++)
      made.push(
        expect(
          await post(`/organisations/${organisationId}/characters`, { firstName: 'Player', lastName: `No${String(n).padStart(3, '0')}` }),
          201,
        ),
      );
    const zoe = expect(await post(`/organisations/${organisationId}/characters`, { firstName: 'Zoë', lastName: 'Quinn' }), 201);
    const auto = expect(
      await post(`/departments/${departments.lspd}/members`, { characterId: zoe.characterId, callsign: 'AUTO-042' }),
      201,
    );
    expect(await post(`/departments/${departments.lspd}/members`, { characterId: made[0]!.characterId, callsign: '1-ADAM-12' }), 201);

    // Player No001 is linked in game with a link code; the others are not.
    const credential = expect(
      await post(`/organisations/${organisationId}/credentials`, {
        kind: 'game',
        label: 'FiveM server',
        departmentId: departments.lspd,
        scopes: [],
      }),
      201,
    );
    const { code } = expect(await post(`/characters/${made[0]!.characterId}/link-codes`, undefined), 201);
    const token = await tokenFor(app.http, credential);
    const link = await app.http.post(
      '/api/v1/integrations/game/identity/link',
      { identifiers: { license: 'license:no001' }, code },
      { token },
    );
    t.like(expect(link, 200), { linked: true });

    await page.getByRole('button', { name: 'Onboarding' }).click();
    const characterPages = page.getByRole('navigation', { name: 'Pages of characters' });
    await characterPages.getByText('Page 1 of 3: 1–25 of 60 characters.').waitFor();
    const characters = page.getByRole('table', { name: /Characters, whose account holds them/ });
    t.is(await characters.getByRole('row').count(), 26, 'a heading row and one page of 25');
    t.true(await characterPages.getByRole('button', { name: 'Previous page' }).isDisabled());
    await characterPages.getByRole('button', { name: 'Next page' }).click();
    await characterPages.getByText('Page 2 of 3: 26–50 of 60 characters.').waitFor();
    await characters.getByRole('row', { name: /Player No026 Roster no/ }).waitFor();
    await characterPages.getByRole('button', { name: 'Previous page' }).click();
    await characters.getByRole('row', { name: /Player No001 Roster yes lspd: 1-ADAM-12/ }).waitFor();
    await characterPages.getByRole('button', { name: 'Next page' }).click();
    await characterPages.getByText('Page 2 of 3: 26–50 of 60 characters.').waitFor();
    await checkScreen(t, page, 'admin-evening', 'roster-paged');

    // The search folds accents and case; the member form then offers only what it found.
    await page.getByRole('search', { name: 'Find characters' }).getByLabel('Search').fill('zoe');
    await characterPages.getByText('Page 1 of 1: 1–1 of 1 characters found.').waitFor();
    await characters.getByRole('row', { name: /Zoë Quinn Roster no lspd: AUTO-042/ }).waitFor();
    t.deepEqual(await page.getByRole('group', { name: 'New member' }).getByLabel('Character').locator('option').allTextContents(), [
      'Zoë Quinn',
    ]);

    const units = page.getByRole('table', { name: /Units: each member/ });
    await page.getByRole('search', { name: 'Find units' }).getByLabel('Search').fill('auto-042');
    await units.getByRole('row', { name: /AUTO-042 lspd Zoë Quinn yes/ }).waitFor();
    t.is(await units.getByRole('row').count(), 2);
    await checkScreen(t, page, 'admin-evening', 'roster-searched');

    // A callsign another unit has is refused, and nothing changes.
    t.context.answers.push('1-ADAM-12');
    await units.getByRole('button', { name: 'Rename callsign AUTO-042' }).click();
    await page.getByText('Another member of the department has that callsign.').waitFor();
    const unit = async () =>
      expect(await app.http.get(`/api/v1/admin/organisations/${organisationId}/units?limit=200`, { token: key }), 200).items.find(
        (u: { unitId: string }) => u.unitId === auto.unitId,
      );
    t.like(await unit(), { callsign: 'AUTO-042', isActive: true });

    t.context.answers.push('2-LINCOLN-4');
    await units.getByRole('button', { name: 'Rename callsign AUTO-042' }).click();
    await page.getByText('AUTO-042 is now 2-LINCOLN-4.').waitFor();
    t.like(await unit(), { callsign: '2-LINCOLN-4', isActive: true });

    await page.getByRole('search', { name: 'Find units' }).getByLabel('Search').fill('lincoln');
    await units.getByRole('button', { name: 'Deactivate unit 2-LINCOLN-4' }).click();
    await page.getByText('The unit 2-LINCOLN-4 is deactivated.').waitFor();
    await units.getByRole('row', { name: /2-LINCOLN-4 lspd Zoë Quinn no/ }).waitFor();
    t.like(await unit(), { callsign: '2-LINCOLN-4', isActive: false });
    await units.getByRole('button', { name: 'Activate unit 2-LINCOLN-4' }).waitFor();
    await checkScreen(t, page, 'admin-evening', 'roster-unit-changed');
  },
);

test.serial('audit log: each subject is named (the unit’s callsign, the character, the credential), not a raw id', async (t) => {
  const { page, organisationId } = t.context;
  await page.getByRole('button', { name: 'Audit and presence' }).click();
  const log = page.getByRole('table', { name: 'Audit log, newest first' });
  await log
    .getByRole('row', { name: /unit\.updated operator: Owner key unit: 2-LINCOLN-4/ })
    .first()
    .waitFor();
  t.false(((await log.textContent()) ?? '').includes('unit 0'), 'no unit is shown by its id alone');
  await checkScreen(t, page, 'admin-evening', 'audit-named');

  await page.getByLabel('Action').fill('credential.created');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await log.getByRole('row', { name: /credential\.created operator: Owner key credential: FiveM server/ }).waitFor();
  await page.getByLabel('Action').fill('character.created');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await log.getByRole('row', { name: /character\.created operator: Owner key character: Zoë Quinn/ }).waitFor();

  const entries = expect(await admin(t, `/organisations/${organisationId}/audit?action=unit.updated`), 200);
  t.true(entries.length >= 2);
  t.true(entries.every((e: { subjectLabel: string }) => e.subjectLabel === '2-LINCOLN-4'));
});
