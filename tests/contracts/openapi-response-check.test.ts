import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { OpenApiCheck, recordAnswer, routeTableCheck } from '../support/openapi-check.ts';

/**
 * The checker the HTTP suites run under `CAD_OPENAPI_REPORT`: these answers are made by hand, so
 * what is tested is the judgement, not the service.
 */

const run = promisify(execFile);
const unit = '/api/v1/units/3f2b8c1e-9d4a-4e7b-8a51-2c6d0e9f1a34';

const tiny = new OpenApiCheck({
  paths: {
    '/things/{thingId}': {
      get: {
        operationId: 'readThing',
        responses: {
          200: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['thingId', 'seenAt'],
                  properties: { thingId: { type: 'string', format: 'uuid' }, seenAt: { type: 'string', format: 'date-time' } },
                },
              },
            },
          },
          404: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      },
    },
    '/things/open': {
      get: { operationId: 'openThings', responses: { 200: { content: { 'application/json': { schema: { type: 'array' } } } } } },
    },
  },
  components: {
    schemas: {
      Error: {
        type: 'object',
        required: ['error', 'message'],
        properties: { error: { enum: ['NOT_FOUND'] }, message: { type: 'string' } },
      },
    },
  },
});

test('a documented status whose body has its schema passes, a reference to the components included', (t) => {
  const id = '3f2b8c1e-9d4a-4e7b-8a51-2c6d0e9f1a34';
  t.like(tiny.check('GET', `/things/${id}`, 200, { thingId: id, seenAt: '2026-04-01T12:00:00.000Z' }), {
    operationId: 'readThing',
    status: 200,
    ok: true,
  });
  t.like(tiny.check('get', `/things/${id}?fields=all`, 404, { error: 'NOT_FOUND', message: 'No such thing.' }), {
    path: `/things/${id}`,
    ok: true,
  });
});

test('an undocumented status is reported with the operation it was an answer of', (t) => {
  const checked = tiny.check('GET', '/things/3f2b8c1e-9d4a-4e7b-8a51-2c6d0e9f1a34', 409, { error: 'CONFLICT', message: 'x' });
  t.deepEqual(checked, {
    operationId: 'readThing',
    method: 'GET',
    path: '/things/3f2b8c1e-9d4a-4e7b-8a51-2c6d0e9f1a34',
    status: 409,
    ok: false,
    problem: 'status 409 is not documented',
  });
});

test('a body of the wrong shape is reported with what is wrong, and the body handed back is left as it came', (t) => {
  const body = { thingId: 'not-a-uuid' };
  const checked = tiny.check('GET', '/things/3f2b8c1e-9d4a-4e7b-8a51-2c6d0e9f1a34', 200, body);
  t.false(checked?.ok);
  t.regex(checked?.problem ?? '', /^body: /);
  t.regex(checked?.problem ?? '', /seenAt/);
  t.deepEqual(body, { thingId: 'not-a-uuid' });
  const wrongCode = tiny.check('GET', '/things/3f2b8c1e-9d4a-4e7b-8a51-2c6d0e9f1a34', 404, { error: 'GONE', message: 'x' });
  t.regex(wrongCode?.problem ?? '', /allowed values/);
});

test('a path the document does not name is not judged; a literal segment is not read as an id', (t) => {
  t.is(tiny.check('GET', '/nowhere', 200, {}), null);
  t.is(tiny.check('POST', '/things/open', 200, []), null);
  t.like(tiny.check('GET', '/things/open', 200, []), { operationId: 'openThings', ok: true });
});

test('the route table’s document: an API id route documents its 404, its guard’s 401 and 403, and the store’s 503', (t) => {
  const check = routeTableCheck();
  for (const [status, error] of [
    [404, 'NOT_FOUND'],
    [401, 'UNAUTHORIZED'],
    [403, 'FORBIDDEN'],
    [429, 'RATE_LIMITED'],
    [503, 'SERVICE_UNAVAILABLE'],
  ] as const) {
    t.like(check.check('GET', unit, status, { error, message: 'x' }), { operationId: 'readUnit', ok: true }, `${status}`);
  }
  t.like(check.check('GET', unit, 413, { error: 'PAYLOAD_TOO_LARGE', message: 'x' }), { ok: false }, 'a read takes no body');
  t.like(
    check.check('POST', '/api/v1/records/bolos/3f2b8c1e-9d4a-4e7b-8a51-2c6d0e9f1a34/hits', 409, { error: 'PLATE_MISMATCH', message: 'x' }),
    {
      operationId: 'reportBoloHit',
      ok: true,
    },
  );
});

test('the route table’s document names the codes of each error answer: a code of the right status but not of that operation is reported', (t) => {
  const credentials = '/api/v1/admin/organisations/3f2b8c1e-9d4a-4e7b-8a51-2c6d0e9f1a34/credentials';
  t.like(routeTableCheck().check('POST', credentials, 409, { error: 'IDEMPOTENCY_KEY_IN_USE', message: 'x' }), { ok: true });
  const foreign = routeTableCheck().check('POST', credentials, 409, { error: 'PLATE_MISMATCH', message: 'x' });
  t.false(foreign?.ok);
  t.regex(foreign?.problem ?? '', /error: must be equal to one of the allowed values/);
});

test('recorded answers are one JSON line each; the report counts them and names each undocumented one', async (t) => {
  const folder = await mkdtemp(join(tmpdir(), 'openapi-report-'));
  try {
    recordAnswer(folder, 'GET', `${unit}?x=1`, 404, { error: 'NOT_FOUND', message: 'No such unit.' });
    recordAnswer(folder, 'GET', '/healthz', 418, { status: 'ok' });
    recordAnswer(folder, 'GET', '/not-in-the-document', 200, {});
    const [file] = await readdir(folder);
    const lines = (await readFile(join(folder, file!), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    t.deepEqual(lines, [
      { operationId: 'readUnit', method: 'GET', path: unit, status: 404, ok: true },
      { operationId: 'health', method: 'GET', path: '/healthz', status: 418, ok: false, problem: 'status 418 is not documented' },
    ]);
    const failed = await run(process.execPath, ['--import=tsx', 'scripts/openapi-report.ts', folder]).catch(
      (error: { stdout: string; code: number }) => error,
    );
    t.is((failed as { code?: number }).code, 1);
    t.regex(failed.stdout, /^OpenAPI response check: 2 answers of 2 operations checked, 1 undocumented\n/);
    t.regex(failed.stdout, /health 418: status 418 is not documented \(GET \/healthz\)/);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  const empty = await mkdtemp(join(tmpdir(), 'openapi-report-'));
  try {
    recordAnswer(empty, 'GET', '/healthz', 200, { status: 'ok' });
    const passed = await run(process.execPath, ['--import=tsx', 'scripts/openapi-report.ts', empty]);
    t.is(passed.stdout, 'OpenAPI response check: 1 answers of 1 operations checked, 0 undocumented\n');
  } finally {
    await rm(empty, { recursive: true, force: true });
  }
});
