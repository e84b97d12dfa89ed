import anyTest, { type TestFn } from 'ava';
import { type TestService, startTestService } from '../support/test-service.ts';

const test = anyTest as TestFn<{ app: TestService; base: string }>;

test.before(async (t) => {
  const app = await startTestService();
  t.context = { app, base: app.service.url };
});
test.after.always((t) => t.context.app.close());

const PAGE_FILES = [
  '/admin/',
  '/admin/app.js',
  '/admin/api.js',
  '/admin/admin.css',
  '/admin/catalogue.json',
  '/admin/words.js',
  '/admin/people.js',
  '/account/',
  '/account/app.js',
  '/account/account.css',
  '/shared/dom.js',
  '/shared/page.css',
];

test('the admin page, the account page, the shared page code and their files carry a strict policy: own files only, no framing, no referrer, nothing cached', async (t) => {
  for (const path of PAGE_FILES) {
    const response = await fetch(t.context.base + path);
    t.is(response.status, 200, path);
    const policy = response.headers.get('content-security-policy') ?? '';
    const directives = new Map(
      policy
        .split(';')
        .map((d) => d.trim().split(/\s+/) as [string, ...string[]])
        .map(([n, ...v]) => [n, v]),
    );
    t.deepEqual(directives.get('default-src'), ["'self'"], path);
    t.deepEqual(directives.get('script-src'), ["'self'"], path);
    t.deepEqual(directives.get('style-src'), ["'self'"], path);
    t.deepEqual(directives.get('frame-ancestors'), ["'none'"], path);
    t.false(policy.includes('unsafe-inline'), path);
    t.is(response.headers.get('referrer-policy'), 'no-referrer', path);
    t.is(response.headers.get('x-content-type-options'), 'nosniff', path);
    t.is(response.headers.get('cache-control'), 'no-store', path);
  }
});

test('the page has no inline script or style, and loads nothing from another origin', async (t) => {
  const html = await (await fetch(`${t.context.base}/admin/`)).text();
  t.false(/<script(?![^>]*\bsrc=)[^>]*>/i.test(html), 'every script is a file');
  t.false(/<style[\s>]/i.test(html));
  t.false(/\sstyle=/i.test(html));
  t.false(/\son[a-z]+=/i.test(html), 'no inline event handlers');
  t.false(/(src|href)="(https?:)?\/\//i.test(html), 'nothing from elsewhere');
});

test('files are served with their types; /admin leads to /admin/, and nothing else is served', async (t) => {
  const { base } = t.context;
  t.regex((await fetch(`${base}/admin/app.js`)).headers.get('content-type') ?? '', /^text\/javascript/);
  t.regex((await fetch(`${base}/admin/admin.css`)).headers.get('content-type') ?? '', /^text\/css/);
  const moved = await fetch(`${base}/admin`, { redirect: 'manual' });
  t.is(moved.status, 308);
  t.is(moved.headers.get('location'), '/admin/');
  for (const path of ['/admin/../package.json', '/admin/%2e%2e/package.json', '/admin/index.ts', '/admin/nothing.js']) {
    t.is((await fetch(base + path)).status, 404, path);
  }
  t.is((await fetch(`${base}/admin/`, { method: 'POST' })).status, 404);
});

test('the service root leads a browser to the admin page, for GET and HEAD alike', async (t) => {
  const { base } = t.context;
  for (const method of ['GET', 'HEAD']) {
    const moved = await fetch(`${base}/`, { method, redirect: 'manual' });
    t.is(moved.status, 307, method);
    t.is(moved.headers.get('location'), '/admin/', method);
  }
  t.is((await fetch(`${base}/`, { method: 'POST' })).status, 404);
});

test('the shared page code is files only: no index, no folder listing, no way out of its folder', async (t) => {
  const { base } = t.context;
  t.regex((await fetch(`${base}/shared/dom.js`)).headers.get('content-type') ?? '', /^text\/javascript/);
  t.regex((await fetch(`${base}/shared/page.css`)).headers.get('content-type') ?? '', /^text\/css/);
  for (const path of ['/shared', '/shared/', '/shared/index.ts', '/shared/index.html', '/shared/%2e%2e/index.ts']) {
    t.is((await fetch(base + path, { redirect: 'manual' })).status, 404, path);
  }
});

test("the catalogue lists the scopes of each kind of credential with the README's descriptions, the kinds, and the operator permissions", async (t) => {
  const catalogue = (await (await fetch(`${t.context.base}/admin/catalogue.json`)).json()) as {
    apiScopes: string[];
    gameScopes: string[];
    scopeDescriptions: Record<string, string>;
    kindDescriptions: Record<string, string>;
    permissions: string[];
  };
  t.is(catalogue.apiScopes.length, 10);
  t.deepEqual(catalogue.gameScopes, ['game.citation.issue', 'game.arrest.log', 'game.bolo.trigger']);
  t.deepEqual(Object.keys(catalogue.scopeDescriptions).sort(), [...catalogue.apiScopes, ...catalogue.gameScopes].sort());
  t.is(catalogue.scopeDescriptions['cad.unit.view'], 'list and read units');
  t.deepEqual(Object.keys(catalogue.kindDescriptions).sort(), ['game', 'generic_api_key']);
  t.true(catalogue.permissions.includes('integrations.credential.manage'));
});

test('operator answers, which carry secrets, are not cached either', async (t) => {
  const { app } = t.context;
  const created = await app.http.post('/api/v1/admin/organisations', { name: 'Cache RP' }, { token: app.bootstrapKey });
  t.is(created.headers.get('cache-control'), 'no-store');
});
