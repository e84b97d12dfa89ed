import { execFile } from 'node:child_process';
import { SAFE_TO_REPEAT } from '../../adapters/http/route-spec.ts';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Parser } from '@asyncapi/parser';
import { Validator } from '@seriousme/openapi-schema-validator';
import test from 'ava';
import { pino } from 'pino';
import { ERROR_CATALOGUE } from '../../adapters/http/error-catalogue.ts';
import { createHttpPipeline } from '../../adapters/http/index.ts';
import { ROUTES } from '../../adapters/http/routes/index.ts';
import { asyncApiDocument } from '../../adapters/realtime-socketio/index.ts';
import { createCadCore } from '../../composition/core.ts';
import { API_SCOPES, BRIDGE_SCOPES } from '../../domain/credential/scope.ts';
import { type TestService, startTestService } from '../support/test-service.ts';
import { plainNode } from '../support/processes.ts';

const run = promisify(execFile);
const redocly = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

type Operation = Record<string, any>;
type OpenApi = { paths: Record<string, Record<string, Operation>>; components: Record<string, any>; servers?: unknown[] };

let service: TestService;
let document: OpenApi;
test.before(async () => {
  service = await startTestService();
  document = (await service.http.get('/api/v1/openapi.json')).body;
});
test.after.always(() => service?.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

test('the served OpenAPI document has 0 errors under Redocly’s recommended ruleset', async (t) => {
  const folder = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
  try {
    const file = join(folder, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    // Redocly exits non-zero on errors; the JSON report is read either way.
    const output = await run(plainNode, [redocly, 'lint', '--extends=recommended', '--format=json', file], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const report = JSON.parse(output.stdout) as {
      totals: { errors: number };
      problems: { severity: string; ruleId: string; message: string }[];
    };
    t.deepEqual(
      report.problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId}: ${problem.message}`),
      [],
    );
    t.is(report.totals.errors, 0);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('the served OpenAPI document is valid against the OpenAPI 3.1 schema', async (t) => {
  const result = await new Validator().validate(structuredClone(document));
  t.true(result.valid, JSON.stringify(result.errors)?.slice(0, 2000));
});

test('every operation has security, a success schema with an example, and the request id header', (t) => {
  const missing: string[] = [];
  for (const { path, method, operation } of operations()) {
    const name = `${method.toUpperCase()} ${path}`;
    if (!Array.isArray(operation['security'])) missing.push(`${name}: security`);
    const successes = Object.entries(operation['responses'] as Record<string, any>).filter(([status]) => status.startsWith('2'));
    // A page's link that sends the browser on (a sign-in at a provider) succeeds with a redirect that says where.
    const redirects = Object.entries(operation['responses'] as Record<string, any>).filter(([status]) => status.startsWith('3'));
    for (const [status, response] of redirects) {
      if (response.headers?.['Location'] === undefined) missing.push(`${name} ${status}: Location`);
      if (response.headers?.['X-Request-Id'] === undefined) missing.push(`${name} ${status}: X-Request-Id`);
    }
    if (successes.length === 0 && redirects.length === 0) missing.push(`${name}: a 2xx or 3xx answer`);
    for (const [status, response] of successes) {
      const media = Object.values(response.content ?? {})[0] as { schema?: unknown; example?: unknown } | undefined;
      if (media?.schema === undefined) missing.push(`${name} ${status}: schema`);
      if (media?.example === undefined) missing.push(`${name} ${status}: example`);
      if (response.headers?.['X-Request-Id'] === undefined) missing.push(`${name} ${status}: X-Request-Id`);
    }
  }
  t.deepEqual(missing, []);
  t.is(operations().length, ROUTES.length + 6);
  t.deepEqual(document.servers, [{ url: '/', description: 'The service that serves this document.' }]);
});

test('each error answer has an example of its own status: the code of that status, with the catalogue’s message', (t) => {
  const checked = new Set<string>();
  for (const { path, method, operation } of operations()) {
    for (const [status, response] of Object.entries(operation['responses'] as Record<string, Operation>)) {
      if (Number(status) < 400) continue;
      const example = response['content']?.['application/json']?.['example'] as { error: string; message: string } | undefined;
      t.truthy(example, `${method} ${path} ${status} has an example`);
      if (example === undefined) continue;
      const entry = ERROR_CATALOGUE[example.error as keyof typeof ERROR_CATALOGUE];
      t.is(entry?.status as number | undefined, Number(status), `${method} ${path} ${status} shows ${example.error}`);
      t.is(example.message, entry?.message);
      checked.add(`${status} ${example.error}`);
    }
  }
  for (const seen of [
    '401 UNAUTHORIZED',
    '403 FORBIDDEN',
    '429 RATE_LIMITED',
    '400 VALIDATION_FAILED',
    '404 NOT_FOUND',
    '503 SERVICE_UNAVAILABLE',
  ]) {
    t.true(checked.has(seen), seen);
  }
});

test('the document’s version is the package’s, and its English says “an API credential”', async (t) => {
  const manifest = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  t.is((document as unknown as { info: { version: string } }).info.version, manifest.version);
  t.false(/\ba API\b/.test(JSON.stringify(document)));
  t.true(JSON.stringify(document).includes('Exchanges an API credential'));
});

test('a rate-limited operation documents its budget headers, and Retry-After on its 429', (t) => {
  const exchange = document.paths['/api/v1/integrations/game/token']!['post']!;
  t.truthy(exchange['responses']['200'].headers['RateLimit-Remaining']);
  t.deepEqual(Object.keys(exchange['responses']['429'].headers).sort(), [
    'RateLimit-Limit',
    'RateLimit-Remaining',
    'RateLimit-Reset',
    'Retry-After',
    'X-Request-Id',
  ]);
  t.is(document.components['headers']['Retry-After'].schema.type, 'integer');
});

test('scopes are enums of the contract’s keys, and no schema uses draft-07 `dependencies`', (t) => {
  const credential = document.paths['/api/v1/admin/organisations/{organisationId}/credentials']!['post']!;
  const scopes = credential['responses']['201'].content['application/json'].schema.properties.scopes.items;
  t.deepEqual(scopes.enum, [...API_SCOPES, ...BRIDGE_SCOPES]);
  t.false(JSON.stringify(document).includes('"dependencies"'));
  const call = document.paths['/api/v1/admin/departments/{departmentId}/calls']!['post']!;
  t.deepEqual(call['requestBody'].content['application/json'].schema.dependentRequired, { mapX: ['mapY'], mapY: ['mapX'] });
});

test('the bridge’s flag answers are documented as a success or a refusal', (t) => {
  const duty = document.paths['/api/v1/integrations/game/duty']!['post']!['responses']['200'].content['application/json'];
  const [accepted, refused] = duty.schema.oneOf;
  t.deepEqual(accepted.properties.synced, { const: true });
  t.deepEqual(refused.properties.synced, { const: false });
  t.true(refused.properties.reason.enum.includes('not_linked'));
});

test('a dependentRequired body is judged as before: one coordinate without the other is a 400', async (t) => {
  const http = service.http;
  const operator = { token: service.bootstrapKey };
  const organisation = (await http.post('/api/v1/admin/organisations', { name: 'Docs County' }, operator)).body;
  const department = (
    await http.post(`/api/v1/admin/organisations/${organisation.organisationId}/departments`, { slug: 'lspd', name: 'LSPD' }, operator)
  ).body;
  const half = await http.post(`/api/v1/admin/departments/${department.departmentId}/calls`, { description: 'x', mapX: 1 }, operator);
  t.is(half.status, 400);
  t.is(half.body.error, 'VALIDATION_FAILED');
  const whole = await http.post(
    `/api/v1/admin/departments/${department.departmentId}/calls`,
    { description: 'x', mapX: 1, mapY: 2 },
    operator,
  );
  t.is(whole.status, 201);
});

test('the mounted routes and the documented operations are the same set', async (t) => {
  const core = await createCadCore({ storage: { kind: 'memory' } });
  try {
    const pipeline = createHttpPipeline(core, ROUTES, {
      logger: pino({ level: 'silent' }),
      trustProxy: false,
      rateLimitScale: 1,
      asyncApi: {},
    });
    const mounted = pipeline.routes.map(({ method, path }) => `${method} ${path.replace(/:([A-Za-z]+)/g, '{$1}')}`);
    const documented = operations().map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    t.deepEqual([...new Set(mounted)].sort(), documented.sort());
    t.is(mounted.length, new Set(mounted).size);
  } finally {
    await core.close();
  }
});

test('the AsyncAPI document of the realtime channel is served and parses with no diagnostics', async (t) => {
  const reply = await service.http.get('/api/v1/asyncapi.json');
  t.is(reply.status, 200);
  t.regex(reply.headers.get('content-type') ?? '', /^application\/json/);
  t.deepEqual(reply.body, JSON.parse(JSON.stringify(asyncApiDocument())));
  const { document: parsed, diagnostics } = await new Parser().parse(JSON.stringify(reply.body));
  t.deepEqual(
    diagnostics.map((d) => `${d.severity} ${d.code}: ${d.message}`),
    [],
  );
  t.deepEqual(
    parsed!
      .channels()
      .all()
      .map((channel) => channel.address()),
    ['/integrations/game', '/dispatch', '/mdt'],
  );
  t.deepEqual(
    parsed!
      .messages()
      .all()
      .map((message) => message.name()),
    ['waypoint', 'waypoint', 'waypoint', 'waypoint.resumed', 'waypoint.resync', 'board', 'board', 'board', 'board', 'board', 'mdt', 'mdt'],
  );
});

const EXTERNAL = /(?:https?:)?\/\/(?!localhost\b|127\.0\.0\.1\b)[a-z0-9.-]+\.[a-z]{2,}/i;

test('the reference page and its files are served with their types and a strict CSP, from this host only', async (t) => {
  const page = await fetch(`${service.service.url}/api/v1/docs`);
  t.is(page.status, 200);
  t.is(page.headers.get('content-type'), 'text/html; charset=utf-8');
  const csp = page.headers.get('content-security-policy') ?? '';
  t.regex(csp, /script-src 'self'(;|$)/);
  t.regex(csp, /default-src 'none'/);
  t.regex(csp, /frame-ancestors 'none'/);
  t.notRegex(csp, /unsafe-eval|https?:/);
  const html = await page.text();
  t.notRegex(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script');
  t.notRegex(html, EXTERNAL);
  t.true(html.includes('href="/api/v1/openapi.json"'));
  t.true(html.includes('href="/api/v1/asyncapi.json"'));
  const referenced = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
  const types: Record<string, RegExp> = { js: /^text\/javascript/, css: /^text\/css/, json: /^application\/json/ };
  for (const path of referenced) {
    t.true(path.startsWith('/'), `${path} is on this host`);
    const asset = await fetch(`${service.service.url}${path}`);
    t.is(asset.status, 200, path);
    t.regex(asset.headers.get('content-type') ?? '', types[path.split('.').at(-1)!]!, path);
    const body = await asset.text();
    if (path.endsWith('docs-init.js') || path.endsWith('docs.css')) t.notRegex(body, EXTERNAL, path);
  }
  t.true(referenced.includes('/api/v1/docs/swagger-ui-bundle.js'));
  const init = await (await fetch(`${service.service.url}/api/v1/docs/docs-init.js`)).text();
  t.regex(init, /validatorUrl: null/);
  t.is((await fetch(`${service.service.url}/api/v1/docs/nothing.js`)).status, 404);
});

test('one flow per surface: every 2xx body matches the schema the document gives for it', async (t) => {
  const { schemaProblem } = await import('../fuzz/schema-check.ts');
  const { bridgeWorld } = await import('../support/bridge-driver.ts');
  const checked: string[] = [];
  const conforms = (method: string, path: string, reply: { status: number; body: unknown }) => {
    const response = document.paths[path]?.[method]?.['responses']?.[String(reply.status)];
    t.truthy(response?.content?.['application/json']?.schema, `${method} ${path} ${reply.status} is documented`);
    t.true(reply.status >= 200 && reply.status < 300, `${method} ${path} answered ${reply.status}`);
    t.is(schemaProblem(response.content['application/json'].schema, reply.body), null, `${method} ${path}`);
    checked.push(`${method} ${path}`);
  };
  const { http, bootstrapKey } = service;
  const operator = { token: bootstrapKey };
  const world = await bridgeWorld(service);
  const officer = await world.officer();
  const org = `/api/v1/admin/organisations/${world.organisationId}`;

  // Operator surface.
  const created = await http.post(`${org}/credentials`, { kind: 'generic_api_key', label: 'docs', allScopes: true }, operator);
  conforms('post', '/api/v1/admin/organisations/{organisationId}/credentials', created);
  conforms('get', '/api/v1/admin/organisations/{organisationId}/credentials', await http.get(`${org}/credentials`, operator));
  conforms('get', '/api/v1/admin/organisations/{organisationId}/audit', await http.get(`${org}/audit`, operator));
  conforms('get', '/api/v1/admin/organisations/{organisationId}/presence', await http.get(`${org}/presence`, operator));

  // Game bridge: a success and a refusal of the same flag answer.
  conforms('post', '/api/v1/integrations/game/waypoint', await world.desk.post('/waypoint', { identifiers: officer.identifiers }));
  const duty = await world.desk.post('/duty', { identifiers: officer.identifiers, departmentSlug: world.slug, onDuty: true });
  conforms('post', '/api/v1/integrations/game/duty', duty);
  const refused = await world.desk.post('/duty', { identifiers: { license: 'license:nobody' }, departmentSlug: 'nowhere', onDuty: true });
  t.is(refused.body.synced, false);
  conforms('post', '/api/v1/integrations/game/duty', refused);

  // Token exchange and the API.
  const exchange = await http.post('/api/v1/integrations/token', {
    clientId: created.body.clientId,
    clientSecret: created.body.clientSecret,
  });
  conforms('post', '/api/v1/integrations/token', exchange);
  const api = { token: exchange.body.accessToken };
  conforms('get', '/api/v1/units', await http.get('/api/v1/units', api));
  conforms('get', '/api/v1/units/{unitId}', await http.get(`/api/v1/units/${officer.unitId}`, api));
  t.is(checked.length, 10);
});

test('every write documents the Idempotency-Key header, its 409 and 422, and Idempotent-Replayed on its success; no read, heartbeat, person’s route or sign-out does', (t) => {
  let writes = 0;
  for (const spec of ROUTES) {
    const operation = document.paths[spec.path.replace(/:([A-Za-z]+)/g, '{$1}')]![spec.method.toLowerCase()]!;
    const parameters = JSON.stringify(operation['parameters']);
    // A person's own routes and an MDT's Sign out are a browser's, which sends no key (decision 0108); a POST
    // that reads or beats keeps none (decision 0105).
    const keyed =
      spec.method !== 'GET' &&
      spec.guard.kind !== 'public' &&
      spec.guard.kind !== 'person' &&
      spec.operationId !== 'mdtSignOut' &&
      !SAFE_TO_REPEAT.has(spec.operationId);
    t.is(parameters.includes('#/components/parameters/Idempotency-Key'), keyed, spec.operationId);
    if (!keyed) continue;
    writes++;
    t.regex(operation['responses']['409'].description, /IDEMPOTENCY_KEY_IN_USE/, spec.operationId);
    t.regex(operation['responses']['422'].description, /IDEMPOTENCY_KEY_REUSED/, spec.operationId);
    const success = Object.entries(operation['responses']).find(([status]) => status.startsWith('2'))![1] as { headers: object };
    t.truthy((success.headers as Record<string, unknown>)['Idempotent-Replayed'], spec.operationId);
  }
  t.true(writes >= 40);
  const parameter = document.components['parameters']['Idempotency-Key'];
  t.like(parameter, { name: 'Idempotency-Key', in: 'header', required: false });
  t.regex(parameter.description, /24 hours/);
});
