import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import { type CadCore, createCadCore } from '../../composition/index.ts';
import { createMemoryPersistence } from '../../adapters/persistence-memory/memory-persistence.ts';
import type { FlowPurpose } from '../../application/people/external-sign-in-flow.ts';
import type { Operator } from '../../domain/operator/operator.ts';
import type { OrganisationId, PersonId } from '../../domain/shared/ids.ts';
import { type OpenIdProvider, anOpenIdProvider, throughProvider } from '../support/openid-provider.ts';
import { GOOD_PASSWORD } from '../support/people-driver.ts';

/**
 * The external sign-in use cases on the memory store, through the real composition root, against
 * a real OpenID provider on loopback: what the callback makes of each way in, and that a bad
 * callback writes nothing.
 */
type Context = {
  core: CadCore;
  provider: OpenIdProvider;
  root: Operator;
  store: ReturnType<typeof createMemoryPersistence>;
  problems: string[];
};
const test = anyTest as TestFn<Context>;
const CALLBACK = 'http://127.0.0.1:9/api/v1/auth/external/idp/callback';

test.before(async (t) => {
  const provider = await anOpenIdProvider({ dana: 'Dana Dispatch' });
  await provider.start([CALLBACK]);
  const store = createMemoryPersistence();
  const problems: string[] = [];
  const core = await createCadCore({
    problems: { report: (problem, error) => problems.push(`${problem}: ${(error as Error).message}`) },
    storage: { kind: 'provided', persistence: store },
    externalProviders: [
      { id: 'idp', name: 'Test IdP', issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
    ],
  });
  const key = await core.useCases.ensureBootstrapKey.execute();
  const root = (await core.useCases.authenticateOperator.execute(key!))!;
  t.context = { core, provider, root, store, problems };
});
test.after.always(async (t) => {
  await t.context.core?.close();
  await t.context.provider?.close();
});

async function organisation(t: { context: Context }, joinRule: 'invitation' | 'approval' | 'open' = 'invitation') {
  const made = await t.context.core.useCases.createOrganisation.execute({
    operator: t.context.root,
    name: `Org ${joinRule}`,
    settings: { joinRule },
  });
  if (!made.ok) throw new Error(made.reason);
  return made.value.id as OrganisationId;
}

/** Starts at the provider, goes through its pages as `login`, and finishes at the callback. */
async function signInAs(
  t: ExecutionContext<Context>,
  login: string,
  purpose: FlowPurpose,
  options: { deny?: boolean; flow?: (f: string) => string } = {},
) {
  const { useCases } = t.context.core;
  const started = await useCases.startExternalSignIn.execute({ provider: 'idp', purpose, returnTo: '/dispatch/', callbackUrl: CALLBACK });
  if (!started.ok) throw new Error(started.reason);
  const url = new URL(started.value.url);
  t.is(url.searchParams.get('code_challenge_method'), 'S256');
  t.truthy(url.searchParams.get('state'));
  t.truthy(url.searchParams.get('nonce'));
  const returned = await throughProvider(started.value.url, login, options);
  const flow = options.flow ? options.flow(started.value.flow) : started.value.flow;
  return useCases.finishExternalSignIn.execute({ provider: 'idp', returned, flow, userAgent: 'test' });
}

const counts = async (t: { context: Context }) => {
  const snapshot = (await t.context.store.snapshot()) as Record<string, unknown[]>;
  return Object.fromEntries(Object.entries(snapshot).map(([table, rows]) => [table, rows.length]));
};

test.serial('an invitation admits a new account, active in its role and signed in; the same identity signs in to it again', async (t) => {
  const { useCases } = t.context.core;
  const organisationId = await organisation(t);
  const invitation = await useCases.createInvitation.execute({ operator: t.context.root, organisationId, role: 'dispatcher' });
  if (!invitation.ok) return t.fail(invitation.reason);
  const first = await signInAs(t, 'dana', { way: { invitationToken: invitation.value.token } });
  if (!first.ok || !('signedIn' in first.value)) return t.fail(JSON.stringify(first));
  t.is(first.value.returnTo, '/dispatch/');
  t.is(first.value.signedIn.displayName, 'Dana Dispatch');
  const person = await useCases.authenticatePerson.execute(first.value.signedIn.sessionId);
  t.is(person?.homeOrganisationId, organisationId);
  t.deepEqual(person?.permissionsIn(organisationId), ['dispatch.manage', 'dispatch.view', 'records.manage']);
  const audit = await useCases.readAuditLog.execute({ operator: t.context.root, organisationId, limit: 50 } as never);
  t.true(JSON.stringify(audit).includes('person.joined'));

  const before = await counts(t);
  const again = await signInAs(t, 'dana', { way: null });
  if (!again.ok || !('signedIn' in again.value)) return t.fail(JSON.stringify(again));
  t.is(again.value.signedIn.personId, first.value.signedIn.personId);
  const after = await counts(t);
  t.is(after['people'], before['people']);
  t.is(after['sign_in_methods'] ?? after['signInMethods'], before['sign_in_methods'] ?? before['signInMethods']);
});

test.serial(
  'by the join rule: open admits at once, approval makes a pending account that cannot sign in yet, invitation-only makes none',
  async (t) => {
    const open = await signInAs(t, 'olive', { way: { organisationId: await organisation(t, 'open') } });
    t.true(open.ok && 'signedIn' in open.value);

    const approval = await signInAs(t, 'pat', { way: { organisationId: await organisation(t, 'approval') } });
    t.like(approval, { ok: true, value: { awaiting: { pending: true, displayName: 'Pat' } } });
    t.deepEqual(await signInAs(t, 'pat', { way: null }), { ok: false, reason: 'account_pending' });

    const closedOrg = await organisation(t, 'invitation');
    const before = await counts(t);
    t.deepEqual(await signInAs(t, 'ivan', { way: { organisationId: closedOrg } }), { ok: false, reason: 'joining_closed' });
    t.deepEqual(await signInAs(t, 'ivan', { way: null }), { ok: false, reason: 'no_account' });
    t.deepEqual(await counts(t), before);
  },
);

test.serial('a denied consent, an altered flow and another sign-in’s flow are refused and write nothing', async (t) => {
  const organisationId = await organisation(t, 'open');
  const before = await counts(t);
  t.deepEqual(await signInAs(t, 'mallory', { way: { organisationId } }, { deny: true }), { ok: false, reason: 'denied' });
  t.deepEqual(await signInAs(t, 'mallory', { way: { organisationId } }, { flow: (f) => `${f.slice(0, -4)}AAAA` }), {
    ok: false,
    reason: 'failed',
  });
  // A flow sealed here, for this provider, but of another start: its state and verifier do not match.
  const other = await t.context.core.useCases.startExternalSignIn.execute({
    provider: 'idp',
    purpose: { way: { organisationId } },
    returnTo: '/account/',
    callbackUrl: CALLBACK,
  });
  if (!other.ok) return t.fail();
  t.deepEqual(await signInAs(t, 'mallory', { way: { organisationId } }, { flow: () => other.value.flow }), { ok: false, reason: 'failed' });
  // Why it failed is the service's log's, not the browser's: openid-client's refusal of the state.
  t.true(t.context.problems.some((p) => p.startsWith('a sign-in with idp did not complete')));
  t.false(t.context.problems.some((p) => p.includes(t.context.provider.clientSecret)));
  t.deepEqual(await signInAs(t, 'mallory', { way: { organisationId } }, { flow: () => null as never }), { ok: false, reason: 'failed' });
  t.deepEqual(await counts(t), before);
});

test.serial(
  'a person with a password account connects the provider and signs in with it; an identity bound to another account is not taken over',
  async (t) => {
    const { useCases } = t.context.core;
    const organisationId = await organisation(t, 'open');
    const signedUp = await useCases.signUp.execute({
      way: { organisationId },
      displayName: 'Sam Password',
      username: 'sam.password',
      password: GOOD_PASSWORD,
      userAgent: 'test',
    });
    if (!signedUp.ok || !('sessionId' in signedUp.value)) return t.fail(JSON.stringify(signedUp));
    const sam = signedUp.value.personId as PersonId;
    const rosa = await signInAs(t, 'rosa', { way: { organisationId } });
    t.true(rosa.ok);
    t.deepEqual(await signInAs(t, 'rosa', { connect: sam }), { ok: false, reason: 'identity_taken' });
    t.like(await signInAs(t, 'sam', { connect: sam }), { ok: true, value: { connected: { id: 'idp', name: 'Test IdP' } } });
    const back = await signInAs(t, 'sam', { way: null });
    t.like(back, { ok: true, value: { signedIn: { personId: sam, displayName: 'Sam Password' } } });
    const person = await useCases.authenticatePerson.execute(signedUp.value.sessionId);
    t.deepEqual(await useCases.listMyExternalIdentities.execute({ person: person! }), {
      ok: true,
      value: [{ id: 'idp', name: 'Test IdP' }],
    });
  },
);
