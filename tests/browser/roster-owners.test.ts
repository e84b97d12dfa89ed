import anyTest, { type TestFn } from 'ava';
import { type Browser, checkScreen, openBrowser } from '../support/browser.ts';
import { expect } from '../support/operator-driver.ts';
import { playerCommunity } from '../support/player-community.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * The admin roster in Chromium (issue 32, part 5): an owner signed in on `/admin/` sees whose
 * account each character is, approves a character that waits, and moves one to another account.
 */
type Context = { app: TestService; owner: Browser };
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  const app = await startTestService({ rateLimitScale: 1000 });
  t.context = { app, owner: await openBrowser() };
});
test.after.always(async (t) => {
  await t.context.owner?.close();
  await t.context.app?.close();
});

test.serial('the roster shows each owner, approves a waiting character and moves one to another account', async (t) => {
  const { app, owner } = t.context;
  const { root, org, player, characterOf } = await playerCommunity(app, { characterApproval: true });
  const olivia = await player('Olivia Owner', 'owner');
  const pat = await player('Pat Player');
  const sam = await player('Sam Second');
  const wade = await characterOf(pat, 'Wade', 'Hebert');
  await org.character('Roster', 'Made');
  const [name, value] = olivia.browser.cookie.split('=') as [string, string];
  await owner.context.addCookies([{ name, value, url: app.service.url }]);

  const page = await owner.context.newPage();
  await page.goto(`${app.service.url}/admin/`);
  await page.getByText('Signed in: Olivia Owner').waitFor();
  await page.getByRole('button', { name: 'Onboarding' }).click();
  const table = page.getByRole('table', { name: /Characters, whose account holds them/ });
  await table.getByRole('row', { name: /Wade Hebert \(waiting for approval\) Pat Player/ }).waitFor();
  await table.getByRole('row', { name: /Roster Made Roster/ }).waitFor();
  await checkScreen(t, page, 'roster', 'owners');

  await page.getByRole('button', { name: 'Approve Wade Hebert' }).click();
  await page.getByText('Wade Hebert is approved: it may be linked now.').waitFor();
  t.false(await page.getByRole('button', { name: 'Approve Wade Hebert' }).isVisible());
  const listed = expect(await root.get(`/organisations/${org.organisationId}/characters`), 200).items;
  t.like(
    listed.find((c: { characterId: string }) => c.characterId === wade.characterId),
    { status: 'active', ownerPersonId: pat.personId },
  );

  const move = page.getByRole('group', { name: 'Move to account' });
  await move.getByLabel('Character to move').selectOption({ label: 'Wade Hebert' });
  await move.getByLabel('To the account of').selectOption({ label: 'Sam Second' });
  await move.getByRole('button', { name: 'Move to account' }).click();
  await page.getByText(/Wade Hebert now belongs to Sam Second/).waitFor();
  await table.getByRole('row', { name: /Wade Hebert Sam Second/ }).waitFor();
  t.like(expect(await sam.browser.get(`/api/v1/account/organisations/${org.organisationId}/characters`), 200).characters, [
    { characterId: wade.characterId },
  ]);
  await checkScreen(t, page, 'roster', 'moved');
});
