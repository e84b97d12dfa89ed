import anyTest, { type TestFn } from 'ava';
import { type Browser, checkScreen, openBrowser } from '../support/browser.ts';
import { type DiscordStandIn, aDiscordStandIn } from '../support/discord-stand-in.ts';
import { expect } from '../support/operator-driver.ts';
import { playerCommunity } from '../support/player-community.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * Linking by a trusted identity in Chromium (issue 32, part 3): a player connects Discord on
 * `/account/`, types /cadlink with no code in the game, and links the waiting game identity to
 * their character with Link, no code typed.
 */
type Context = { app: TestService; discord: DiscordStandIn; player: Browser };
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  const discord = await aDiscordStandIn();
  const { clientId, clientSecret, baseUrl } = discord;
  const app = await startTestService({
    rateLimitScale: 1000,
    externalProviders: [{ id: 'discord', name: 'Discord', preset: 'discord', clientId, clientSecret, baseUrl }],
  });
  t.context = { app, discord, player: await openBrowser() };
});
test.after.always(async (t) => {
  await t.context.player?.close();
  await t.context.app?.close();
  await t.context.discord?.close();
});

test.serial('a player signed in with Discord links the waiting game player with Link, no code', async (t) => {
  const { app, discord, player } = t.context;
  const { root, org, base, game, player: join, characterOf } = await playerCommunity(app, { trustedIdentityLink: true });
  const pat = await join('Pat Player');
  await characterOf(pat, 'Franklin', 'Clinton');
  const [name, value] = pat.browser.cookie.split('=') as [string, string];
  await player.context.addCookies([{ name, value, url: app.service.url }]);
  discord.user = { id: '80351110224678912', username: 'pat', global_name: 'Pat' };

  const page = await player.context.newPage();
  await page.goto(`${app.service.url}/account/`);
  await page.getByRole('link', { name: 'Connect Discord' }).click();
  await page.waitForURL(/\/account\/\?signin=connected/);
  const identifiers = { license: 'license:trusted-player', chat: 'discord:80351110224678912' };
  expect(await game('/identity/link/pending', { identifiers }), 200);
  await page.reload();
  const waiting = page.getByRole('region', { name: 'Game identities waiting' });
  await waiting.getByText('license: license:trusted-player, chat: discord:80351110224678912').waitFor();
  await checkScreen(t, page, 'trusted-link', 'waiting');
  await waiting.getByLabel('Link to character').selectOption({ label: 'Franklin Clinton' });
  await waiting.getByRole('button', { name: 'Link', exact: true }).click();
  await waiting.getByText('Linked to Franklin Clinton: the game knows it from its next call.').waitFor();
  await page.getByRole('region', { name: 'Characters' }).getByText('chat: discord:80351110224678912').waitFor();
  const audit = expect(await root.get(`/organisations/${org.organisationId}/audit?via=trusted_identity`), 200);
  t.is(audit.length, 1);
  t.like(expect(await pat.browser.get(`${base}/waiting-identities`), 200), { enabled: true, waiting: [] });
  await checkScreen(t, page, 'trusted-link', 'linked');
});
