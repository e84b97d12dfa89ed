/**
 * Reads a V8 CPU profile (`node --cpu-prof`) and breaks the time down by what spent it: the self
 * time of every sample, grouped by package or project folder (see `categoryOf`), plus the inclusive
 * time of a few frames that name a step of the request (body parsing, token check, logging...).
 *
 *   node --import=tsx tests/bench/profile-summary.ts <file.cpuprofile> [from s] [to s] [requests served]
 *
 * It prints the busy share of every second first (the load phase is the run of busy seconds), then
 * the breakdown of the samples between `from` and `to` seconds; with the number of requests served
 * in that window, also CPU milliseconds per request.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}
interface Profile {
  readonly startTime: number;
  readonly endTime: number;
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** What a frame's own time belongs to. */
export function categoryOf(url: string, functionName: string): string {
  if (url.startsWith('wasm')) return 'PGlite (WebAssembly PostgreSQL)';
  if (url === '') {
    if (functionName === '(idle)') return '(idle)';
    if (functionName === '(garbage collector)') return 'garbage collector';
    if (functionName === '(program)') return 'V8/native (program)';
    return `native: ${functionName || '(anonymous)'}`;
  }
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    const name = rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
    const groups: Record<string, string> = {
      '@mikro-orm/core': 'MikroORM core (fork, identity map, unit of work, hydration)',
      '@mikro-orm/sql': 'MikroORM sql (query builder, driver)',
      '@mikro-orm/knex': 'MikroORM sql (query builder, driver)',
      '@mikro-orm/postgresql': 'MikroORM sql (query builder, driver)',
      '@mikro-orm/pglite': 'MikroORM sql (query builder, driver)',
      kysely: 'kysely (under MikroORM)',
      pg: 'pg driver',
      'pg-protocol': 'pg driver',
      'pg-pool': 'pg driver',
      'pg-types': 'pg driver',
      'postgres-array': 'pg driver',
      'postgres-date': 'pg driver',
      '@electric-sql/pglite': 'PGlite (WebAssembly PostgreSQL)',
      'koa-jwt': 'koa-jwt + jsonwebtoken',
      jsonwebtoken: 'koa-jwt + jsonwebtoken',
      jws: 'koa-jwt + jsonwebtoken',
      jwa: 'koa-jwt + jsonwebtoken',
      '@koa/bodyparser': 'body parser',
      'co-body': 'body parser',
      'raw-body': 'body parser',
      inflation: 'body parser',
      pino: 'logging (pino)',
      'sonic-boom': 'logging (pino)',
      'thread-stream': 'logging (pino)',
      'rate-limiter-flexible': 'rate limiter',
      'node-cache': 'rate limiter',
      koa: 'koa + router',
      '@koa/router': 'koa + router',
      'koa-compose': 'koa + router',
      'path-to-regexp': 'koa + router',
      ajv: 'validation (ajv)',
      '@sinclair/typebox': 'validation (ajv)',
      tsx: 'tsx loader',
      esbuild: 'tsx loader',
      uuid: 'ids (uuid)',
    };
    return groups[name] ?? `package ${name}`;
  }
  if (url.startsWith('node:')) {
    const module = url.slice('node:'.length);
    if (/^internal\/(streams|stream_base)|^net|^stream|^_http|^http|^internal\/http/.test(module)) return 'node: http and sockets';
    return `node: ${module.split('/').slice(0, 2).join('/')}`;
  }
  const project = url.match(/\/(adapters\/[^/]+(?:\/[^/]+)?|application|domain|composition|tests\/[^/]+)\//);
  if (project !== null) return `project: ${project[1]}`;
  return `other: ${url.split('/').slice(-2).join('/')}`;
}

const SOCKET_WRITES = 'socket writes (writeBuffer/writev)';
const PG_QUERY = 'pg Client.query';

/** Frames whose inclusive time names a step of the request. */
const STEPS: ReadonlyArray<readonly [string, (url: string, fn: string) => boolean]> = [
  ['token check (koa-jwt middleware)', (url) => url.includes('/node_modules/koa-jwt/')],
  ['body parser (@koa/bodyparser)', (url) => url.includes('/node_modules/@koa/bodyparser/')],
  ['logging (pino calls)', (url) => url.includes('/node_modules/pino/')],
  ['rate limiter', (url) => url.includes('/node_modules/rate-limiter-flexible/') || url.includes('/node_modules/node-cache/')],
  ['validation (ajv)', (url) => url.includes('/node_modules/ajv/') || url.includes('/adapters/http/validation')],
  ['EntityManager.fork', (url, fn) => url.includes('@mikro-orm/core') && fn === 'fork'],
  ['MikroORM findOne (organisation read and other finds)', (url, fn) => url.includes('@mikro-orm/core') && fn === 'findOne'],
  ['MikroORM transactional', (url, fn) => url.includes('@mikro-orm/core') && fn === 'transactional'],
  ['MikroORM execute (raw SQL, the gate join)', (url, fn) => url.includes('@mikro-orm') && fn === 'execute'],
  ['hydration (EntityFactory.create)', (url, fn) => url.includes('@mikro-orm/core') && /EntityFactory|hydrate/i.test(`${url} ${fn}`)],
  [PG_QUERY, (url, fn) => url.includes('/node_modules/pg/') && fn === 'query'],
  ['PGlite (any frame)', (url) => url.includes('@electric-sql/pglite') || url.startsWith('wasm')],
  ['JSON.stringify (serialisation)', (_url, fn) => fn === 'stringify'],
  [SOCKET_WRITES, (_url, fn) => fn === 'writeBuffer' || fn === 'writevGeneric' || fn === 'writeGeneric'],
];

/**
 * The links of a request's chain, for the cost of each middleware: a sample belongs to the innermost
 * link on its stack (a middleware's `next()` runs the later links inside it, so the innermost is the
 * one doing the work). Order matters only among patterns that could match the same frame.
 */
const LINKS: ReadonlyArray<readonly [string, (url: string) => boolean]> = [
  [
    'database driver (pg, PGlite; its socket writes included)',
    (url) => /\/node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres|@electric-sql\/pglite)\//.test(url) || url.startsWith('wasm'),
  ],
  ['MikroORM', (url) => url.includes('/node_modules/@mikro-orm/') || url.includes('/node_modules/kysely/')],
  ['use case, domain and store adapters', (url) => /\/(application|domain|adapters\/persistence-[^/]+|adapters\/security)\//.test(url)],
  [
    'validation (ajv) and input checks',
    (url) => url.includes('/node_modules/ajv/') || /\/adapters\/http\/(validation|input-text)\.ts/.test(url),
  ],
  [
    'route handler and presenter (koa-app handler, route rows, JSON.stringify)',
    (url) => /\/adapters\/(?:http-koa\/koa-app|http\/(?:routes\/|presenters\/|route-spec))/.test(url),
  ],
  [
    'body reading (json-body: raw-body, inflation, UTF-8, bourne)',
    (url) =>
      /\/node_modules\/(raw-body|inflation|@hapi\/bourne|bytes|iconv-lite|unpipe)\//.test(url) ||
      url.includes('/adapters/http/json-body.ts'),
  ],
  [
    'rate limit (node-cache)',
    (url) =>
      url.includes('/node_modules/node-cache/') || url.includes('/adapters/rate-limit/') || url.includes('/middleware/rate-limit.ts'),
  ],
  [
    'token check (guard, koa-jwt, jsonwebtoken)',
    (url) =>
      /\/node_modules\/(koa-jwt|jsonwebtoken|jws|jwa|p-any|p-some|p-cancelable|aggregate-error|safe-buffer|semver|lodash\.[a-z]+|ms)\//.test(
        url,
      ) ||
      url.includes('/middleware/guard.ts') ||
      url.includes('bearer-token-rules'),
  ],
  [
    'request context and access log (pino)',
    (url) =>
      /\/node_modules\/(pino|sonic-boom|thread-stream|fast-redact|quick-format-unescaped|atomic-sleep|on-exit-leak-free)\//.test(url) ||
      url.includes('/middleware/request-context.ts') ||
      url.includes('/adapters/logging/'),
  ],
  [
    'error handler and static-page check',
    (url) => url.includes('/middleware/error-handler.ts') || url.includes('/adapters/http/static-pages.ts'),
  ],
  [
    'router (@koa/router, path-to-regexp)',
    (url) => url.includes('/node_modules/@koa/router/') || url.includes('/node_modules/path-to-regexp/'),
  ],
  [
    'koa (context, compose, respond; its socket writes included)',
    (url) =>
      /\/node_modules\/(koa|koa-compose|delegates|type-is|mime-types|content-type|accepts|cookies|statuses|vary|on-finished|http-errors|depd|only|encodeurl|escape-html)\//.test(
        url,
      ),
  ],
];

/** The profile's tree, and the self time of each node over the samples taken in a window. */
function windowed(profile: Profile, fromSeconds: number, toSeconds: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  let t = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (t >= fromSeconds * 1e6 && t < toSeconds * 1e6) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return { byId, parent, self };
}

const OUTSIDE_LINKS = 'Node and V8 outside any link (HTTP parser, streams, microtask and async-hook machinery)';

/** Each busy sample to the innermost link of the chain on its stack; the rest is Node and V8 around them. */
export function chainCosts(profile: Profile, fromSeconds = 0, toSeconds = Infinity): Map<string, number> {
  const { byId, parent, self } = windowed(profile, fromSeconds, toSeconds);
  const costs = new Map<string, number>();
  for (const [id, micros] of self) {
    const leaf = byId.get(id)!.callFrame.functionName;
    if (leaf === '(idle)') continue;
    let link = leaf === '(garbage collector)' ? 'garbage collector' : OUTSIDE_LINKS;
    for (let at: number | undefined = id; at !== undefined && link === OUTSIDE_LINKS; at = parent.get(at)) {
      const url = byId.get(at)!.callFrame.url;
      link = LINKS.find(([, test]) => test(url))?.[0] ?? OUTSIDE_LINKS;
    }
    costs.set(link, (costs.get(link) ?? 0) + micros);
  }
  return costs;
}

/** Busy share of every second of the profile: shows where the load phase is. */
export function timeline(profile: Profile): number[] {
  const idleIds = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  const busy: number[] = [];
  let t = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    const second = Math.floor(t / 1e6);
    busy[second] = (busy[second] ?? 0) + (idleIds.has(id) ? 0 : (profile.timeDeltas[i] ?? 0));
  });
  return Array.from(busy, (b) => (b ?? 0) / 1e6);
}

/** Breaks down the samples taken between `fromSeconds` and `toSeconds` after the profile started. */
export function summarise(profile: Profile, fromSeconds = 0, toSeconds = Infinity) {
  const { byId, parent, self } = windowed(profile, fromSeconds, toSeconds);

  const categories = new Map<string, number>();
  const steps = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, micros] of self) {
    const node = byId.get(id)!;
    const category = categoryOf(node.callFrame.url, node.callFrame.functionName);
    if (category === '(idle)') {
      idle += micros;
      continue;
    }
    total += micros;
    categories.set(category, (categories.get(category) ?? 0) + micros);
    // Inclusive: each step counted once per sample, if any frame on the stack matches it.
    const matched = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      for (const [name, test] of STEPS) if (!matched.has(name) && test(frame.url, frame.functionName)) matched.add(name);
    }
    if (matched.has(SOCKET_WRITES))
      matched.add(matched.has(PG_QUERY) ? `${SOCKET_WRITES}: to PostgreSQL` : `${SOCKET_WRITES}: HTTP answers`);
    for (const name of matched) steps.set(name, (steps.get(name) ?? 0) + micros);
  }
  return { totalMicros: total, idleMicros: idle, categories, steps };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, from, to, served] = process.argv.slice(2);
  if (file === undefined) throw new Error('usage: profile-summary.ts <file.cpuprofile> [from s] [to s] [requests served]');
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  console.log(
    `busy share per second: ${timeline(profile)
      .map((b, i) => `${i}:${b.toFixed(2)}`)
      .join(' ')}`,
  );
  const { totalMicros, idleMicros, categories, steps } = summarise(profile, Number(from ?? 0), Number(to ?? Infinity));
  const requests = served === undefined ? undefined : Number(served);
  const row = (name: string, micros: number) =>
    `| ${name} | ${(micros / 1000).toFixed(0)} | ${((100 * micros) / totalMicros).toFixed(1)} |${requests === undefined ? '' : ` ${(micros / 1000 / requests).toFixed(3)} |`}`;
  const head = `| what | CPU ms | % of busy |${requests === undefined ? '' : ' CPU ms per request |'}`;
  const rule = `|---|---|---|${requests === undefined ? '' : '---|'}`;
  console.log(`busy ${(totalMicros / 1000).toFixed(0)} ms, idle ${(idleMicros / 1000).toFixed(0)} ms`);
  console.log(
    [
      '',
      'Self time by owner:',
      '',
      head,
      rule,
      ...[...categories]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 30)
        .map(([n, m]) => row(n, m)),
    ].join('\n'),
  );
  console.log(
    [
      '',
      'Inclusive time of request steps (overlapping):',
      '',
      head,
      rule,
      ...[...steps].sort((a, b) => b[1] - a[1]).map(([n, m]) => row(n, m)),
    ].join('\n'),
  );
  const links = chainCosts(profile, Number(from ?? 0), Number(to ?? Infinity));
  console.log(
    [
      '',
      'By link of the request chain (each sample to the innermost link on its stack; adds up to the busy time):',
      '',
      head,
      rule,
      ...[...links].sort((a, b) => b[1] - a[1]).map(([n, m]) => row(n, m)),
    ].join('\n'),
  );
}
