import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { transportRequestOf } from '../../adapters/http-koa/node-request.ts';
import { Exchange } from '../../adapters/http/exchange.ts';
import { type StaticPage, contentSecurityPolicy, sameHostOnPort, staticPages } from '../../adapters/http/stages/static-pages.ts';
import { packageFolder, readAssets } from '../../adapters/web-shared/index.ts';

/** One page row as the dispatch board will need it: files from an installed package, and the realtime port in connect-src. */
const MAP_PAGE: StaticPage = {
  prefix: '/map',
  assets: readAssets(packageFolder('swagger-ui-dist'), { '': 'index.html', 'bundle.js': 'swagger-ui-bundle.js' }),
  csp: (request) => ({ 'connect-src': sameHostOnPort(request, 8081), 'font-src': ["'self'"] }),
};

async function serve(pages: readonly StaticPage[]) {
  const stage = staticPages(pages, '/map/');
  // The stage alone on Node's server: what it does not serve is the 404 the pipeline's router would give.
  const server = createServer(async (req, res) => {
    const exchange = new Exchange(transportRequestOf(req), 0);
    await stage(exchange, async () => undefined);
    const answer = exchange.answer();
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(answer.body);
  }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(r)) };
}

const directives = (policy: string) => new Map(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

test('a page row serves files of an installed package, with its own additions to the base policy', async (t) => {
  const server = await serve([MAP_PAGE]);
  try {
    const bundle = await fetch(`${server.base}/map/bundle.js`);
    t.is(bundle.status, 200);
    t.regex(bundle.headers.get('content-type') ?? '', /^text\/javascript/);
    const policy = directives(bundle.headers.get('content-security-policy') ?? '');
    t.deepEqual(policy.get('connect-src'), ["'self'", 'ws://127.0.0.1:8081', 'http://127.0.0.1:8081']);
    t.deepEqual(policy.get('font-src'), ["'self'"], "an addition to a 'none' directive replaces it");
    t.deepEqual(policy.get('script-src'), ["'self'"]);
    t.is(bundle.headers.get('cache-control'), 'no-store');
    t.is(bundle.headers.get('x-frame-options'), 'DENY');
    t.is((await fetch(`${server.base}/map/package.json`)).status, 404, 'only the files the row names');
  } finally {
    await server.close();
  }
});

test('a Host header that is not a plain host name adds no source to the policy', async (t) => {
  t.deepEqual(sameHostOnPort({ hostname: 'cad.example', secure: true }, 8081), ['wss://cad.example:8081', 'https://cad.example:8081']);
  t.deepEqual(sameHostOnPort({ hostname: '[::1]', secure: false }, 9), ['ws://[::1]:9', 'http://[::1]:9']);
  for (const hostname of ["evil; script-src 'unsafe-inline'", 'a b', '', 'x/y']) {
    t.deepEqual(sameHostOnPort({ hostname, secure: false }, 8081), [], hostname);
  }
});

test('the base policy is the admin page’s: own files only, nothing framed, no inline anything', (t) => {
  t.is(
    contentSecurityPolicy(),
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; font-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  );
});
