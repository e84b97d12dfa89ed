import type { TestFn } from 'ava';
import type { Persistence } from '../../application/ports/persistence.ts';
import { type DiscordStandIn, aDiscordStandIn } from '../support/discord-stand-in.ts';
import { cookieNamed, navigate } from '../support/external-sign-in-driver.ts';
import { expect } from '../support/operator-driver.ts';
import { playerCommunity, unique } from '../support/player-community.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

type Store = Persistence & { snapshot(): Promise<Record<string, unknown[]>> };
export type TrustedLinkContext = { app: TestService; store: Store; discord: DiscordStandIn };

/**
 * Linking by a trusted identity (issue 32, part 3; decision 0112): a person who signed in with
 * Discord is offered the game players waiting with `discord:<the same id>`, in their organisation,
 * when it turned `trustedIdentityLink` on, and links one without a code; audited `via:
 * trusted_identity`. Serial: "writes nothing" compares the whole store.
 */
export function trustedLinkSuite(test: TestFn<TrustedLinkContext>, open: () => Promise<Persistence>): void {
  test.before(async (t) => {
    const store = (await open()) as Store;
    const discord = await aDiscordStandIn();
    const app = await startTestService({
      storage: { kind: 'provided', persistence: store },
      rateLimitScale: 1000,
      externalProviders: [
        {
          id: 'discord',
          name: 'Discord',
          preset: 'discord',
          clientId: discord.clientId,
          clientSecret: discord.clientSecret,
          baseUrl: discord.baseUrl,
        },
      ],
    });
    t.context = { app, store, discord };
  });
  test.after.always(async (t) => {
    await t.context.app?.close();
    await t.context.discord?.close();
  });

  /** **Connect Discord** on `/account/`, through the stand-in, as the Discord user `id`. */
  async function connectDiscord(t: { context: TrustedLinkContext }, cookie: string, id: string) {
    const base = t.context.app.service.url;
    t.context.discord.user = { id, username: `u${id}`, global_name: null };
    const started = await navigate(base, '/api/v1/account/external/discord/connect', cookie);
    const back = await fetch(new URL(started.location!), { redirect: 'manual' });
    const callback = new URL(back.headers.get('location')!);
    const finished = await navigate(base, callback.pathname + callback.search, cookieNamed(started.cookies, 'cad_external_flow')!.pair);
    if (finished.location !== '/account/?signin=connected') throw new Error(`connect ended at ${finished.location}`);
  }

  async function scene(t: { context: TrustedLinkContext }, settings: Record<string, unknown> = {}) {
    const community = await playerCommunity(t.context.app, settings);
    const pat = await community.player('Pat Discord');
    const discordId = `7${Date.now()}${unique().slice(-3).replace(/\D/g, '1')}`;
    await connectDiscord(t, pat.browser.cookie, discordId);
    const made = await community.characterOf(pat, 'Franklin', 'Clinton');
    const identifiers = { license: `license:${unique()}`, chat: `discord:${discordId}` };
    return { ...community, pat, discordId, made, identifiers };
  }

  test.serial('off by default: nothing is offered, and Link writes nothing', async (t) => {
    const { pat, base, made, game, identifiers, discordId } = await scene(t);
    expect(await game('/identity/link/pending', { identifiers }), 200);
    t.deepEqual(expect(await pat.browser.get(`${base}/waiting-identities`), 200), {
      enabled: false,
      vouchedFor: [`discord:${discordId}`],
      waiting: [],
    });
    const before = await t.context.store.snapshot();
    const refused = await pat.browser.post(`/api/v1/account/characters/${made.characterId}/trusted-link`);
    t.deepEqual(expect(refused, 200), { linked: false, reason: 'nothing_waiting' });
    t.deepEqual(await t.context.store.snapshot(), before);
  });

  test.serial('on: the waiting game player with the same Discord id is offered and linked without a code, audited', async (t) => {
    const { pat, base, made, game, identifiers, root, org, departmentId, slug } = await scene(t);
    const turned = expect(await root.patch(`/organisations/${org.organisationId}`, { trustedIdentityLink: true }), 200);
    t.true(turned.trustedIdentityLink);
    const setting = (await org.audit()).find((e) => e.action === 'organisation.updated');
    t.like(setting, { details: { settings: { trustedIdentityLink: true } } });

    const started = expect(await game('/identity/link/pending', { identifiers }), 200);
    const offered = expect(await pat.browser.get(`${base}/waiting-identities`), 200);
    t.true(offered.enabled);
    t.is(offered.waiting.length, 1);
    t.deepEqual(offered.waiting[0].identifiers, [
      { kind: 'license', value: identifiers.license },
      { kind: 'chat', value: identifiers.chat },
    ]);
    const linked = expect(await pat.browser.post(`/api/v1/account/characters/${made.characterId}/trusted-link`), 200);
    t.like(linked, { linked: true, characterPublicId: made.characterPublicId, displayName: 'Franklin Clinton' });
    t.is(linked.identifiers.length, 2);
    // The game's next call finds the player linked; the code it was given is spent; nothing waits any more.
    expect(await root.post(`/departments/${departmentId}/members`, { characterId: made.characterId, callsign: `4-T-${unique()}` }), 201);
    t.like(expect(await game('/duty', { identifiers, departmentSlug: slug, onDuty: true }), 200), { synced: true });
    const mine = expect(await pat.browser.get(`${base}/characters`), 200).characters[0];
    t.is(mine.links.length, 2);
    const spent = await pat.browser.post('/api/v1/account/link', { code: started.code, characterId: made.characterId });
    t.deepEqual(expect(spent, 200), { linked: false, reason: 'invalid_or_expired_code' });
    t.deepEqual(expect(await pat.browser.get(`${base}/waiting-identities`), 200).waiting, []);

    // An operator sees which links were made that way.
    const trusted = expect(
      await root.get(`/organisations/${org.organisationId}/audit?action=identity.linked&via=trusted_identity`),
      200,
    ) as Array<{ details: Record<string, unknown>; subject: { id: string }; actor: { kind: string } }>;
    t.is(trusted.length, 1);
    t.like(trusted[0], {
      subject: { id: made.characterId },
      actor: { kind: 'person' },
      details: { via: 'trusted_identity', provider: 'discord' },
    });
    t.deepEqual(trusted[0]!.details['identifiers'], ['license', 'chat']);
  });

  test.serial('never offered: another Discord id, no Discord at all, or another organisation’s game', async (t) => {
    const home = await scene(t, { trustedIdentityLink: true });
    const away = await playerCommunity(t.context.app, { trustedIdentityLink: true });
    // Another organisation's game player with the same Discord id.
    expect(await away.game('/identity/link/pending', { identifiers: home.identifiers }), 200);
    // This organisation's game player with another Discord id.
    expect(await home.game('/identity/link/pending', { identifiers: { license: `license:${unique()}`, chat: 'discord:1' } }), 200);
    // One without any Discord identifier.
    expect(await home.game('/identity/link/pending', { identifiers: { license: `license:${unique()}` } }), 200);
    t.deepEqual(expect(await home.pat.browser.get(`${home.base}/waiting-identities`), 200).waiting, []);
    // A player who never signed in with Discord: told it is on, offered nothing.
    const plain = await home.player('Plain Player');
    const theirs = await home.characterOf(plain, 'Plain');
    t.deepEqual(expect(await plain.browser.get(`${home.base}/waiting-identities`), 200), { enabled: true, vouchedFor: [], waiting: [] });
    const before = await t.context.store.snapshot();
    for (const [who, characterId] of [
      [home.pat, home.made.characterId],
      [plain, theirs.characterId],
    ] as const) {
      const reply = await who.browser.post(`/api/v1/account/characters/${characterId}/trusted-link`);
      t.deepEqual(expect(reply, 200), { linked: false, reason: 'nothing_waiting' });
    }
    // Another person's character, or another organisation's list, is not found.
    t.is((await plain.browser.post(`/api/v1/account/characters/${home.made.characterId}/trusted-link`)).status, 404);
    t.is((await home.pat.browser.get(`${away.base}/waiting-identities`)).status, 404);
    t.deepEqual(await t.context.store.snapshot(), before);
  });

  test.serial('a character waiting for approval takes no link this way either', async (t) => {
    const { pat, made, game, identifiers } = await scene(t, { trustedIdentityLink: true, characterApproval: true });
    expect(await game('/identity/link/pending', { identifiers }), 200);
    t.is(made.status, 'pending');
    const before = await t.context.store.snapshot();
    t.is(expect(await pat.browser.post(`/api/v1/account/characters/${made.characterId}/trusted-link`), 409).error, 'CONFLICT');
    t.deepEqual(await t.context.store.snapshot(), before);
  });
}
