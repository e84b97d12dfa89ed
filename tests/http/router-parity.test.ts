/**
 * The two routers that serve the route table agree: the pipeline's own (`adapters/http/router.ts`,
 * the uWS transport's) and @koa/router as the Koa mount registers the rows
 * (`adapters/http-koa/koa-routes.ts`). Both are given the real table's rows (the documents and
 * health checks with them), each row answering which template it was and the parameters it read,
 * and both run inside the real pipeline's stages around routing. The Koa side is a real Koa
 * application on Node's server, so its paths arrive as Node delivers them. For every path the
 * generator makes (each template filled in, then changed: case, trailing and doubled slashes,
 * percent-encoding, the fuzzers' hostile segments, an extra or a missing segment) and every
 * method, the outcome must be the same: the same row with the same parameters, or the same
 * 404, 405 or 501 with the same `Allow`, or the same answer to OPTIONS.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import fc from 'fast-check';
import { pino } from 'pino';
import { koaApplication } from '../../adapters/http-koa/koa-app.ts';
import { type PipelineRow, type TransportRequest, createHttpPipeline, ownRouting } from '../../adapters/http/index.ts';
import { ROUTES } from '../../adapters/http/routes/index.ts';
import { createCadCore } from '../../composition/core.ts';
import { brokenPathSegment } from '../fuzz/broken-queries-and-paths.ts';
import { FUZZ_SEED } from '../fuzz/fuzz-settings.ts';
import { HOSTILE_TEXT } from '../fuzz/hostile-values.ts';
import { percentEncoded } from '../fuzz/fuzz-request.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'PURGE', 'SEARCH'];
const ID = '3f1c7b2e-9a4d-4e6b-8c1d-2b7e5a9f0c13';

interface Outcome {
  readonly status: number;
  readonly allow: string;
  readonly body: string;
}

/** A row that does nothing but say which template it is and what parameters it read. */
const reporting = (row: PipelineRow): PipelineRow => ({
  method: row.method,
  template: row.template,
  name: row.name,
  afterToken: (ex) => {
    ex.status = 200;
    ex.body = JSON.stringify({ route: ex.route, params: ex.params });
  },
});

/** Every row's template filled in, then changed the ways a client (or an attacker) might change a path; its method or another. */
function requests(rows: readonly PipelineRow[]): fc.Arbitrary<{ method: string; path: string }> {
  const segment = fc.oneof(
    fc.constant(ID),
    fc.constant(ID.toUpperCase()),
    brokenPathSegment(ID, ['0b9e3c51-7d2a-4f8e-a1c6-5e4d3b2a1f00']),
    fc.constantFrom(...HOSTILE_TEXT).map(percentEncoded),
  );
  const filled = fc
    .tuple(fc.constantFrom(...rows), fc.array(segment, { minLength: 4, maxLength: 4 }), fc.constantFrom(...METHODS))
    .chain(([row, values, other]) => {
      let i = 0;
      const path = row.template.replace(/:[A-Za-z]+/g, () => values[i++ % values.length]!);
      return fc.constantFrom(row.method, other).map((method) => ({ method, path }));
    });
  const change = fc.constantFrom(
    (p: string) => p,
    (p: string) => p.toUpperCase(),
    (p: string) => p.replace(/[a-z]/, (c) => c.toUpperCase()),
    (p: string) => `${p}/`,
    (p: string) => `${p}//`,
    (p: string) => p.replace('/v1/', '/v1//'),
    (p: string) => `${p}/extra`,
    (p: string) => p.slice(0, p.lastIndexOf('/')) || '/',
    (p: string) => p.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    (p: string) => p.replace(/\/([^/]*)$/, '/%2F$1'),
    (p: string) => `${p}?x=1`,
    (p: string) => `${p}%20`,
    (p: string) => p.replace('/api/', '/api/./'),
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.tuple(filled, fc.array(change, { minLength: 0, maxLength: 2 })).map(([{ method, path }, changes]) => ({
        method,
        path: changes.reduce((changed, next) => next(changed), path),
      })),
    },
    {
      weight: 1,
      arbitrary: fc.record({ method: fc.constantFrom(...METHODS), path: fc.stringMatching(/^(\/[a-z0-9%A-F.-]{0,12}){1,5}$/) }),
    },
  );
}

function send(port: number, method: string, path: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: String(res.headers.allow ?? ''), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('the pipeline’s router and @koa/router give every generated path and method the same outcome', async (t) => {
  const core = await createCadCore({ storage: { kind: 'memory' } });
  const pipeline = createHttpPipeline(core, ROUTES, {
    logger: pino({ level: 'silent' }),
    trustProxy: false,
    rateLimitScale: 1,
    asyncApi: {},
  });
  const rows = pipeline.rows.map(reporting);
  const own = ownRouting(rows);
  const koa = koaApplication({ rows, serve: pipeline.serve }, async () => t.fail('no row here takes a token'));
  const server = koa.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    t.true(rows.length > 100, 'the whole table');
    const viaPipeline = async (method: string, path: string): Promise<Outcome> => {
      const request: TransportRequest = {
        method,
        url: path,
        header: () => undefined,
        headerValues: () => undefined,
        remoteAddress: '127.0.0.1',
        encrypted: false,
        body: () => {
          throw new Error('no body here');
        },
      };
      const answer = await pipeline.serve(request, own.route);
      const allow = answer.headers.find(([name]) => name.toLowerCase() === 'allow')?.[1] ?? '';
      return { status: answer.status, allow, body: method === 'HEAD' ? '' : String(answer.body) };
    };
    let routed = 0;
    await fc.assert(
      fc.asyncProperty(requests(rows), async ({ method, path }) => {
        const [mine, koas] = [await viaPipeline(method, path), await send(port, method, path)];
        if (mine.status === 200 && mine.body !== '') routed += 1;
        // The request id differs between two requests; nothing else may.
        t.deepEqual(koas, mine, `${method} ${path}`);
        return true;
      }),
      { numRuns: 1_500, seed: FUZZ_SEED },
    );
    t.true(routed > 300, `only ${routed} generated requests reached a row`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await core.close();
  }
});
