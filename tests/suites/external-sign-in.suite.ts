import type { TestFn } from 'ava';
import type { Persistence } from '../../application/ports/persistence.ts';
import { expect, operatorOf } from '../support/operator-driver.ts';
import { type DiscordStandIn, aDiscordStandIn } from '../support/discord-stand-in.ts';
import { cookieNamed, navigate } from '../support/external-sign-in-driver.ts';
import { type OpenIdProvider, anOpenIdProvider, throughProvider } from '../support/openid-provider.ts';
import { browserOf, invite, signUp } from '../support/people-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

export type ExternalSignInContext = {
  app: TestService;
  idp: OpenIdProvider;
  discord: DiscordStandIn;
  store: Persistence & { snapshot(): Promise<Record<string, unknown[]>> };
};

const IDP_CALLBACK = '/api/v1/auth/external/idp/callback';
const DISCORD_CALLBACK = '/api/v1/auth/external/discord/callback';
let serial = 0;

/**
 * Sign-in at external providers over HTTP, as a browser goes through it: a real OpenID provider
 * (`oidc-provider`) and a loopback stand-in for discord.com, both on loopback, in front of the
 * service on the store given. The flow's cookie, the landing page, the session, and that a bad
 * callback writes nothing.
 */
export function externalSignInSuite(test: TestFn<ExternalSignInContext>, open: () => Promise<Persistence>): void {
  test.before(async (t) => {
    const store = (await open()) as ExternalSignInContext['store'];
    const idp = await anOpenIdProvider({ dana: 'Dana Dispatch' });
    const discord = await aDiscordStandIn();
    const app = await startTestService({
      storage: { kind: 'provided', persistence: store },
      rateLimitScale: 1000,
      externalProviders: [
        { id: 'idp', name: 'Test IdP', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
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
    await idp.start([`${app.service.url}${IDP_CALLBACK}`]);
    t.context = { app, idp, discord, store };
  });
  test.after.always(async (t) => {
    await t.context.app?.close();
    await t.context.idp?.close();
    await t.context.discord?.close();
  });

  async function community(t: { context: ExternalSignInContext }, joinRule: 'invitation' | 'approval' | 'open' = 'invitation') {
    const { app } = t.context;
    const org = await operatorOf(app.http, app.bootstrapKey).organisation();
    if (joinRule !== 'invitation')
      expect(await app.http.patch(`/api/v1/admin/organisations/${org.organisationId}`, { joinRule }, { token: app.bootstrapKey }), 200);
    const base = app.service.url;
    const owner = await signUp(
      app.http,
      base,
      await invite({ key: app.bootstrapKey }, app.http, org.organisationId, 'owner'),
      'Olivia Owner',
      `olivia.x${serial++}`,
    );
    return { org, owner, base };
  }

  /** From the start address through the provider's pages (as `login`) to the callback's answer. */
  async function signInThrough(
    t: { context: ExternalSignInContext },
    start: string,
    login: string,
    options: { deny?: boolean; cookie?: string } = {},
  ) {
    const base = t.context.app.service.url;
    const started = await navigate(base, start, options.cookie);
    if (started.status !== 302 || started.location === null) throw new Error(`start answered ${started.status}: ${started.body}`);
    const flow = cookieNamed(started.cookies, 'cad_external_flow');
    if (flow === null) throw new Error('no flow cookie');
    const returned = await throughProvider(started.location, login, options);
    const finished = await navigate(base, returned.pathname + returned.search, flow.pair);
    return { started, flow, returned, finished };
  }

  test('the providers are listed for the sign-in screens', async (t) => {
    const reply = expect(await t.context.app.http.get('/api/v1/auth/external'), 200);
    t.deepEqual(reply, {
      providers: [
        { id: 'idp', name: 'Test IdP' },
        { id: 'discord', name: 'Discord' },
      ],
    });
  });

  test('an invited dispatcher signs in through the OpenID provider and lands on /dispatch/ signed in; the audit log names them', async (t) => {
    const { app } = t.context;
    const { org, owner, base } = await community(t);
    const token = await invite(owner.browser, app.http, org.organisationId, 'dispatcher');
    const { started, flow, returned, finished } = await signInThrough(
      t,
      `/api/v1/auth/external/idp/start?invitation=${encodeURIComponent(token)}&returnTo=/dispatch/`,
      'dana',
    );
    const authorise = new URL(started.location!);
    t.is(authorise.origin, t.context.idp.issuer);
    t.is(authorise.searchParams.get('code_challenge_method'), 'S256');
    t.is(authorise.searchParams.get('redirect_uri'), `${base}${IDP_CALLBACK}`);
    t.regex(flow.attributes, /Max-Age=600/);
    t.regex(flow.attributes, new RegExp(`Path=${IDP_CALLBACK}`));
    t.regex(flow.attributes, /HttpOnly/);
    t.regex(flow.attributes, /SameSite=Lax/);
    t.false(started.body.includes(flow.value));

    t.is(finished.status, 302);
    t.is(finished.location, '/dispatch/');
    const session = cookieNamed(finished.cookies, 'cad_session');
    if (session === null) return t.fail('no session cookie');
    t.regex(cookieNamed(finished.cookies, 'cad_external_flow')?.attributes ?? '', /Max-Age=0/);
    const dana = browserOf(app.http, base, session.pair);
    const account = expect(await dana.get('/api/v1/account'), 200);
    t.like(account, {
      displayName: 'Dana Dispatch',
      username: null,
      organisations: [{ organisationId: org.organisationId, role: 'dispatcher' }],
    });
    t.deepEqual(expect(await dana.get('/api/v1/account/external'), 200), { providers: [{ id: 'idp', name: 'Test IdP' }] });
    const audit = expect(await owner.browser.get(`/api/v1/admin/organisations/${org.organisationId}/audit?limit=500`), 200) as Array<
      Record<string, any>
    >;
    t.like(
      audit.find((e) => e['action'] === 'person.joined' && e['details']?.['role'] === 'dispatcher'),
      { actor: { kind: 'person', id: account.personId, label: 'Dana Dispatch' }, details: { invited: true, signInWith: 'idp' } },
    );
    // The same flow cannot be finished twice: the provider's code is spent.
    const replay = await navigate(base, returned.pathname + returned.search, flow.pair);
    t.is(replay.location, '/account/?signin=failed');
  });

  test('by the join rule: an approval organisation makes a pending account and no session', async (t) => {
    const { org } = await community(t, 'approval');
    const { finished } = await signInThrough(t, `/api/v1/auth/external/idp/start?organisationId=${org.organisationId}`, `pat${serial++}`);
    t.is(finished.location, '/account/?signin=waiting');
    t.is(cookieNamed(finished.cookies, 'cad_session'), null);
  });

  // Serial: it compares the whole store before and after, so no other test may write meanwhile.
  test.serial('bad input is refused with the documented error, and a bad callback writes nothing', async (t) => {
    const { app, store } = t.context;
    const base = app.service.url;
    const { org } = await community(t, 'open');
    t.is((await navigate(base, '/api/v1/auth/external/idp/start?returnTo=https://evil.example/')).status, 400);
    t.is((await navigate(base, '/api/v1/auth/external/idp/start?returnTo=//evil.example/')).status, 400);
    t.is((await navigate(base, `/api/v1/auth/external/idp/start?invitation=x&organisationId=${org.organisationId}`)).status, 400);
    t.is((await navigate(base, '/api/v1/auth/external/nobody/start')).status, 404);
    const before = await store.snapshot();
    // No flow cookie at all, an altered one, and a denied consent.
    t.is((await navigate(base, `${IDP_CALLBACK}?code=abc&state=def`)).location, '/account/?signin=failed');
    t.is((await navigate(base, `${IDP_CALLBACK}?code=abc&state=def`, 'cad_external_flow=altered')).location, '/account/?signin=failed');
    const denied = await signInThrough(t, `/api/v1/auth/external/idp/start?organisationId=${org.organisationId}`, 'mallory', {
      deny: true,
    });
    t.is(denied.finished.location, '/account/?signin=denied');
    // A state that is not the flow's: the code is not even exchanged.
    const started = await navigate(base, `/api/v1/auth/external/idp/start?organisationId=${org.organisationId}`);
    const flow = cookieNamed(started.cookies, 'cad_external_flow')!;
    const returned = await throughProvider(started.location!, 'mallory');
    returned.searchParams.set('state', 'not-the-state');
    t.is((await navigate(base, returned.pathname + returned.search, flow.pair)).location, '/account/?signin=failed');
    // Nobody's identity and no way in: no account.
    t.is((await signInThrough(t, '/api/v1/auth/external/idp/start', 'nobody')).finished.location, '/account/?signin=no-account');
    t.deepEqual(await store.snapshot(), before);
  });

  test('Discord: the preset signs a new member of an open organisation in with the user id as the subject', async (t) => {
    const { app, discord } = t.context;
    const base = app.service.url;
    const { org } = await community(t, 'open');
    discord.user = { id: `9${Date.now()}`, username: 'nelly', global_name: 'Nelly Night' };
    const started = await navigate(base, `/api/v1/auth/external/discord/start?organisationId=${org.organisationId}&returnTo=/dispatch/`);
    const authorise = new URL(started.location!);
    t.is(authorise.origin + authorise.pathname, `${discord.baseUrl}/oauth2/authorize`);
    t.is(authorise.searchParams.get('scope'), 'identify');
    t.is(authorise.searchParams.get('nonce'), null);
    const back = await fetch(authorise, { redirect: 'manual' });
    const callback = new URL(back.headers.get('location')!);
    const flow = cookieNamed(started.cookies, 'cad_external_flow')!;
    const finished = await navigate(base, callback.pathname + callback.search, flow.pair);
    t.is(finished.location, '/dispatch/');
    const nelly = browserOf(app.http, base, cookieNamed(finished.cookies, 'cad_session')!.pair);
    t.like(expect(await nelly.get('/api/v1/account'), 200), { displayName: 'Nelly Night', organisations: [{ role: 'civilian' }] });
    t.deepEqual(discord.refusals, []);

    // Without a global name, the username; signing in again finds the same account by the id.
    discord.user = { ...discord.user, global_name: null, username: 'nelly.renamed' };
    const again = await navigate(base, '/api/v1/auth/external/discord/start');
    const backAgain = await fetch(new URL(again.location!), { redirect: 'manual' });
    const returned = new URL(backAgain.headers.get('location')!);
    const second = await navigate(base, returned.pathname + returned.search, cookieNamed(again.cookies, 'cad_external_flow')!.pair);
    t.is(second.location, '/account/');
    const same = browserOf(app.http, base, cookieNamed(second.cookies, 'cad_session')!.pair);
    t.is(expect(await same.get('/api/v1/account'), 200).personId, expect(await nelly.get('/api/v1/account'), 200).personId);
    t.is(DISCORD_CALLBACK, returned.pathname);
  });

  test('a signed-in person connects the provider from their account, and then signs in with it', async (t) => {
    const { app } = t.context;
    const { owner, base } = await community(t);
    const login = `olivia${serial++}`;
    const connected = await signInThrough(t, '/api/v1/account/external/idp/connect', login, { cookie: owner.browser.cookie });
    t.is(connected.finished.location, '/account/?signin=connected');
    t.deepEqual(expect(await owner.browser.get('/api/v1/account/external'), 200), { providers: [{ id: 'idp', name: 'Test IdP' }] });
    const back = await signInThrough(t, '/api/v1/auth/external/idp/start?returnTo=/admin/', login);
    t.is(back.finished.location, '/admin/');
    const again = browserOf(app.http, base, cookieNamed(back.finished.cookies, 'cad_session')!.pair);
    t.is(expect(await again.get('/api/v1/account'), 200).personId, owner.personId);
    // Connecting needs a session.
    t.is((await navigate(base, '/api/v1/account/external/idp/connect')).status, 401);
  });
}
