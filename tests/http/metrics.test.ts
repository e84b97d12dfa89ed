import { randomBytes } from 'node:crypto';
import test from 'ava';
import { io } from 'socket.io-client';
import { bridgeWorld } from '../support/bridge-driver.ts';
import { expect } from '../support/operator-driver.ts';
import { DATABASE_URL, dropSchema, freshSchemaName } from '../support/postgres.ts';
import { connected } from '../support/realtime-client.ts';
import { testHttpEngine } from '../support/http-engine.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/** One sample of the scrape, by its name and labels as written; undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(service: TestService, token?: string): Promise<{ status: number; type: string | null; text: string }> {
  const reply = await fetch(service.service.metricsUrl!, token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } });
  return { status: reply.status, type: reply.headers.get('content-type'), text: await reply.text() };
}

test('requests are counted and timed by route template and status; 429s by bucket; events and sockets', async (t) => {
  const app = await startTestService({
    metrics: { port: 0, host: '127.0.0.1' },
    realtime: testHttpEngine === 'uws' ? 'uws' : 'node',
    rateLimitScale: 0.1,
  });
  try {
    t.regex(app.service.metricsUrl!, /^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const before = await scrape(app);
    t.is(before.status, 200);
    t.regex(before.type ?? '', /^text\/plain; version=0\.0\.4/);
    const unit = 'cad_http_requests_total{route="/api/v1/units/:unitId",method="GET",status="401"}';
    t.is(sample(before.text, unit), undefined);

    const world = await bridgeWorld(app);
    for (let i = 0; i < 3; i += 1) await app.http.get(`/api/v1/units/${crypto.randomUUID()}`);
    // Token exchanges allow one a minute per address at this scale (10 × 0.1), spent by the world's desk: both are 429s.
    for (let i = 0; i < 2; i += 1)
      await app.http.post('/api/v1/integrations/game/token', { clientId: crypto.randomUUID(), clientSecret: 'x' });
    await app.http.get('/no/such/route');

    const officer = await world.officer();
    const call = expect(await world.admin('POST', `/departments/${world.departmentId}/calls`, { description: 'x', mapX: 1, mapY: 2 }), 201);
    const socket = io(`${app.service.realtime!.url}/integrations/game`, { auth: { token: world.desk.token }, transports: ['websocket'] });
    try {
      await connected(socket);
      const during = await scrape(app);
      t.is(sample(during.text, `cad_realtime_sockets{engine="${testHttpEngine === 'uws' ? 'uws' : 'node'}"}`), 1);
      expect(await world.admin('POST', `/calls/${call.callId}/assignments`, { unitId: officer.unitId }), 201);
    } finally {
      socket.disconnect();
    }

    const after = await scrape(app);
    t.is(sample(after.text, unit), 3);
    t.is(sample(after.text, 'cad_http_request_duration_seconds_count{route="/api/v1/units/:unitId",method="GET",status="401"}'), 3);
    t.is(
      sample(after.text, 'cad_http_request_duration_seconds_bucket{le="+Inf",route="/api/v1/units/:unitId",method="GET",status="401"}'),
      3,
    );
    t.false(after.text.includes('/api/v1/units/' + '0'), 'no raw URL in a label');
    t.is(sample(after.text, 'cad_http_requests_total{route="/api/v1/integrations/game/token",method="POST",status="200"}'), 1);
    t.is(sample(after.text, 'cad_http_requests_total{route="/api/v1/integrations/game/token",method="POST",status="429"}'), 2);
    t.is(sample(after.text, 'cad_rate_limited_total{bucket="token-exchange"}'), 2);
    t.is(sample(after.text, 'cad_http_requests_total{route="unmatched",method="GET",status="404"}'), 1);
    t.is(sample(after.text, 'cad_realtime_events_published_total{type="assignment.created"}'), 1);

    // The idempotency ledger's size: a keyed write adds its key; a heartbeat sent with a key keeps none.
    const keys = sample(after.text, 'cad_idempotency_keys')!;
    t.is(typeof keys, 'number');
    const headers = { 'idempotency-key': crypto.randomUUID() };
    expect(await app.http.post(`/api/v1/admin/calls/${call.callId}/notes`, { text: 'keyed' }, { token: app.bootstrapKey, headers }), 201);
    const heartbeat = { identifiers: officer.identifiers, mapX: 5, mapY: 5 };
    const keyedAgain = { token: world.desk.token, headers: { 'idempotency-key': crypto.randomUUID() } };
    expect(await app.http.post('/api/v1/integrations/game/location', heartbeat, keyedAgain), 200);
    t.is(sample((await scrape(app)).text, 'cad_idempotency_keys'), keys + 1);
  } finally {
    await app.close();
  }
});

test('metrics are not served on the service’s port, and a token, when set, is required', async (t) => {
  const token = randomBytes(24).toString('base64url');
  const app = await startTestService({ metrics: { port: 0, host: '127.0.0.1', token } });
  try {
    t.is((await fetch(`${app.service.url}/metrics`)).status, 404);
    t.is((await scrape(app)).status, 401);
    t.is((await scrape(app, `${token}x`)).status, 401);
    const allowed = await scrape(app, token);
    t.is(allowed.status, 200);
    t.true(allowed.text.includes('# TYPE cad_http_requests_total counter'));
    t.is(
      (await fetch(app.service.metricsUrl!.replace('/metrics', '/other'), { headers: { authorization: `Bearer ${token}` } })).status,
      404,
    );
  } finally {
    await app.close();
  }
});

test('without a metrics port nothing listens for metrics', async (t) => {
  const app = await startTestService();
  try {
    t.is(app.service.metricsUrl, null);
    t.is((await fetch(`${app.service.url}/metrics`)).status, 404);
  } finally {
    await app.close();
  }
});

test('on PostgreSQL the pool’s connections are reported', async (t) => {
  if (DATABASE_URL === undefined) return t.pass('DATABASE_URL is not set');
  const schema = freshSchemaName('metrics');
  const app = await startTestService({ storage: { kind: 'postgres', url: DATABASE_URL, schema }, metrics: { port: 0, host: '127.0.0.1' } });
  try {
    await app.http.get('/readyz');
    const text = (await scrape(app)).text;
    t.true((sample(text, 'cad_db_pool_connections{state="total"}') ?? 0) >= 1);
    t.is(typeof sample(text, 'cad_db_pool_connections{state="waiting"}'), 'number');
  } finally {
    await app.close();
    await dropSchema(DATABASE_URL, schema);
  }
});
