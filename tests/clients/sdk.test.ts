import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { CadClient, CadHttpError, CadUnreachableError, type RetryEvent, identifiersFromFiveM } from '../../clients/sdk/src/index.ts';
import { bridgeWorld, freshIdentifiers, unique } from '../support/bridge-driver.ts';
import { expect, operatorOf } from '../support/operator-driver.ts';
import { startTestService } from '../support/test-service.ts';

/** The typed client against the real service: every answer here crossed HTTP to the composed service. */

const clientOf = (url: string, credential: { clientId: string; clientSecret: string; kind: string }, extra: object = {}) =>
  new CadClient({
    baseUrl: url,
    clientId: credential.clientId,
    clientSecret: credential.clientSecret,
    credential: credential.kind === 'game' ? 'game' : 'generic_api_key',
    ...extra,
  });

test('one token exchange serves twenty requests that wait for it together; bridge answers are outcomes, refusals included', async (t) => {
  const app = await startTestService();
  t.teardown(() => app.close());
  const world = await bridgeWorld(app);
  const officer = await world.officer();
  const cad = clientOf(app.service.url, world.desk.credential);

  const answers = await Promise.all(Array.from({ length: 20 }, () => cad.bridge.waypoint({ identifiers: officer.identifiers })));
  t.is(cad.tokens.exchangeCount, 1);
  t.deepEqual(answers[0], { ok: false, reason: 'no_assignment', assignedCallId: null, assignedCallNumber: null });

  const stranger = await cad.bridge.lookupVehicle({ identifiers: freshIdentifiers(), plate: 'ABC123' });
  t.deepEqual(stranger, { ok: false, reason: 'not_linked' });
  const duty = await cad.bridge.syncDuty({ identifiers: officer.identifiers, departmentSlug: world.slug, onDuty: true });
  t.true(duty.ok);
  if (duty.ok) t.is(duty.unitId, officer.unitId!);

  const release = await cad.bridge.latestRelease({ query: { resourceSlug: 'cad-bridge', currentVersion: '1.0.0' } });
  t.deepEqual(release, { ok: false, resourceSlug: 'cad-bridge' });
});

test('a token near its end is exchanged again before it expires, once for every waiting request', async (t) => {
  const app = await startTestService({ accessTokenTtlSeconds: 60 });
  t.teardown(() => app.close());
  const world = await bridgeWorld(app);
  const officer = await world.officer();
  let skew = 0;
  const cad = clientOf(app.service.url, world.desk.credential, { now: () => Date.now() + skew });
  await cad.bridge.location({ identifiers: officer.identifiers, mapX: 1, mapY: 2 });
  const first = await cad.accessToken();
  t.is(cad.tokens.exchangeCount, 1);

  // 49 s later by the client's clock: inside the last fifth of the 60 s lifetime. The service's own clock
  // moves on a second too, so that the new token's iat, and so the token, differs from the first.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  skew = 49_000;
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => cad.bridge.location({ identifiers: officer.identifiers, mapX: 1, mapY: 2 })),
  );
  t.true(answers.every((answer) => answer.ok));
  t.is(cad.tokens.exchangeCount, 2);
  t.not(await cad.accessToken(), first);
});

test('a refused token (the service no longer knows it) is exchanged again once, and the request answered', async (t) => {
  const app = await startTestService();
  t.teardown(() => app.close());
  const world = await bridgeWorld(app);
  const events: RetryEvent[] = [];
  const cad = clientOf(app.service.url, world.desk.credential, { onRetry: (event: RetryEvent) => events.push(event) });
  await cad.bridge.presence({ identifiers: [] });
  // A token the service cannot verify stands in for one minted before its keys changed.
  (cad.tokens as unknown as { current: { token: string; expiresAt: number; renewAt: number } }).current = {
    token: 'not-a-jwt',
    expiresAt: Date.now() + 600_000,
    renewAt: Date.now() + 500_000,
  };
  t.deepEqual(await cad.bridge.presence({ identifiers: [] }), { ok: true });
  t.deepEqual(
    events.map((e) => e.cause),
    ['token_refused'],
  );
  t.is(cad.tokens.exchangeCount, 2);
});

test('errors that are not refusals are exceptions with the service’s error body; API routes are methods too', async (t) => {
  const app = await startTestService();
  t.teardown(() => app.close());
  const world = await bridgeWorld(app, { scopes: [] });
  const officer = await world.officer();
  const cad = clientOf(app.service.url, world.desk.credential);
  const citation = {
    identifiers: officer.identifiers,
    civilian: { firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1990-01-01' },
    plate: 'X1',
    locationText: 'Vinewood',
    statuteCode: 'VC-1',
    statuteDescription: 'Speeding',
    fineAmount: 100,
  };
  const forbidden = await t.throwsAsync(cad.bridge.issueCitation(citation), { instanceOf: CadHttpError });
  t.is(forbidden?.status, 403);
  t.is(forbidden?.body?.error, 'FORBIDDEN');

  const wrongSecret = clientOf(app.service.url, { ...world.desk.credential, clientSecret: 'nope' });
  const refused = await t.throwsAsync(wrongSecret.bridge.presence({ identifiers: [] }), { instanceOf: CadHttpError });
  t.is(refused?.status, 401);

  const org = operatorOf(app.http, app.bootstrapKey);
  const apiCredential = expect(
    await org.post(`/organisations/${world.organisationId}/credentials`, {
      kind: 'generic_api_key',
      label: unique('api-'),
      scopes: ['cad.unit.view'],
    }),
    201,
  );
  const api = clientOf(app.service.url, apiCredential);
  const units = await api.api.listUnits({ query: {} });
  t.true(units.some((unit) => unit.unitId === officer.unitId));
  const one = await api.api.readUnit({ params: { unitId: officer.unitId! } });
  t.is(one.unitId, officer.unitId!);
  const noScope = await t.throwsAsync(api.api.listCalls({ query: {} }), { instanceOf: CadHttpError });
  t.is(noScope?.status, 403);
});

test('writes carry one Idempotency-Key for all their attempts; reads carry none', async (t) => {
  const app = await startTestService();
  t.teardown(() => app.close());
  const world = await bridgeWorld(app);
  const officer = await world.officer();
  const sent: Array<{ path: string; key: string | null }> = [];
  const recording: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    sent.push({ path: new URL(String(input)).pathname, key: headers.get('idempotency-key') });
    return fetch(input, init);
  };
  const cad = clientOf(app.service.url, world.desk.credential, { fetch: recording });
  await cad.bridge.report911({ identifiers: officer.identifiers, mapX: 1, mapY: 2, description: 'one' });
  await cad.bridge.report911({ identifiers: officer.identifiers, mapX: 1, mapY: 2, description: 'two' });
  await cad.bridge.waypoint({ identifiers: officer.identifiers });
  const keys = sent.filter((s) => s.path.endsWith('/911')).map((s) => s.key);
  t.is(keys.length, 2);
  t.regex(keys[0]!, /^[0-9a-f-]{36}$/);
  t.not(keys[0], keys[1]);
  t.is(sent.find((s) => s.path.endsWith('/waypoint'))?.key, null);
  t.is(sent.find((s) => s.path.endsWith('/token'))?.key, null);
});

test('while the service is down, reads and keyed writes are retried with backoff until it answers; with retryWrites off a write is an error, never sent twice', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cad-sdk-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const bootstrapKey = `cad_op_test_${unique()}`;
  let app = await startTestService({ storage: { kind: 'embedded', dataDir }, bootstrapKey });
  const port = Number(new URL(app.service.url).port);
  t.teardown(() => app.close());
  const world = await bridgeWorld(app);
  const officer = await world.officer();
  const events: RetryEvent[] = [];
  const options = { onRetry: (event: RetryEvent) => events.push(event), backoff: { baseMs: 100, capMs: 400 }, maxAttempts: 100 };
  const cad = clientOf(app.service.url, world.desk.credential, options);
  const strict = clientOf(app.service.url, world.desk.credential, { ...options, retryWrites: false });
  await cad.bridge.location({ identifiers: officer.identifiers, mapX: 5, mapY: 5 });
  await strict.bridge.location({ identifiers: officer.identifiers, mapX: 5, mapY: 5 });
  await app.close();

  const refused = await t.throwsAsync(strict.bridge.panic({ identifiers: officer.identifiers, mapX: 5, mapY: 5 }), {
    instanceOf: CadUnreachableError,
  });
  t.is(refused?.operationId, 'bridgePanic');
  t.false(events.some((e) => e.operationId === 'bridgePanic'));

  const read = cad.bridge.waypoint({ identifiers: officer.identifiers });
  const write = cad.bridge.report911({ identifiers: officer.identifiers, mapX: 7, mapY: 8, description: 'sent while down' });
  await new Promise((resolve) => setTimeout(resolve, 600));
  app = await startTestService({ storage: { kind: 'embedded', dataDir }, bootstrapKey, port });
  t.like(await read, { ok: false, reason: 'no_assignment' });
  t.like(await write, { ok: true });
  t.true(events.filter((e) => e.operationId === 'bridgeWaypoint' && e.cause === 'unreachable').length >= 1);
  t.true(events.filter((e) => e.operationId === 'bridgeReport911' && e.cause === 'unreachable').length >= 1);
  // The strict client's panic never reached the service; the keyed 911 opened exactly one call.
  const calls = expect(await app.http.get('/api/v1/cad/calls', { token: await world.apiToken() }), 200) as Array<{ description: string }>;
  t.deepEqual(
    calls.map((c) => c.description),
    ['sent while down'],
  );
});

test('a keyed write sent again is answered with the first answer, not written twice', async (t) => {
  const app = await startTestService();
  t.teardown(() => app.close());
  const world = await bridgeWorld(app);
  const officer = await world.officer();
  const keys: string[] = [];
  // The client's own fetch, sending each 911 twice with its key, as a retry after a lost answer would.
  const twice: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const key = new Headers(init?.headers).get('idempotency-key');
    if (key === null) return response;
    keys.push(key);
    await response.arrayBuffer();
    return fetch(input, init);
  };
  const cad = clientOf(app.service.url, world.desk.credential, { fetch: twice });
  const answer = await cad.bridge.report911({ identifiers: officer.identifiers, mapX: 1, mapY: 1, description: 'once' });
  t.true(answer.ok);
  t.is(keys.length, 1);
  const calls = expect(await app.http.get('/api/v1/cad/calls', { token: await world.apiToken() }), 200) as Array<{ callNumber: string }>;
  t.is(calls.length, 1);
  if (answer.ok) t.is(calls[0]!.callNumber, answer.callNumber);
});

test('decisions 0047 and 0095: FiveM identifiers map whole, with their prefix, license2: first, and ip: is never sent', (t) => {
  const all = ['ip:10.0.0.1', 'license:a', 'license2:b', 'fivem:1', 'xbl:2', 'steam:3', 'discord:4'];
  t.deepEqual(identifiersFromFiveM(all), {
    license: 'license2:b',
    game: 'fivem:1',
    store: 'steam:3',
    chat: 'discord:4',
  });
  t.is(identifiersFromFiveM(all, { licence: 'license' }).license, 'license:a');
  t.deepEqual(identifiersFromFiveM(['license2:b', 'live:9', 'ip:1.2.3.4']), { license: 'license2:b', store: 'live:9' });
  t.deepEqual(identifiersFromFiveM(['license:a', 'ip:1.2.3.4'], { licence: 'license2' }), { license: 'license:a' });
  t.deepEqual(identifiersFromFiveM(['ip:1.2.3.4']), {});
});
