import type { TestFn } from 'ava';
import fc from 'fast-check';
import type { RouteSpec } from '../../adapters/http/route-spec.ts';
import { ROUTES } from '../../adapters/http/routes/index.ts';
import { BRIDGE } from '../support/bridge-driver.ts';
import { type Coverage, routesFor } from '../support/coverage.ts';
import { routeWorld } from '../support/route-world.ts';
import { type TestService, startTestService } from '../support/test-service.ts';
import type { InspectableStore } from '../support/write-watch.ts';
import { describe, send } from './fuzz-request.ts';
import { seedOf } from './fuzz-settings.ts';
import { FuzzTally } from './fuzz-tally.ts';
import { replyProblems, ruleRefusal, strictErrorSchema } from './reply-invariants.ts';
import { type Family, type RouteTarget, familiesOf, requestsOf } from './route-requests.ts';
import type { JsonSchema } from './schema-arbitrary.ts';
import { storeDifference } from './store-difference.ts';

/** A store under test, and how to throw it away afterwards (a PostgreSQL schema is dropped). */
export interface FuzzStore {
  readonly store: InspectableStore;
  readonly dispose?: () => Promise<void>;
}

/** One service over one store, for a group of routes. */
interface Session extends FuzzStore {
  readonly group: number;
  readonly app: TestService;
  readonly worlds: Map<string, World>;
  readonly targets: Map<string, RouteTarget>;
}

export type RouteFuzzContext = { session?: Session; errorSchema?: JsonSchema };

type World = Awaited<ReturnType<typeof routeWorld>>;

async function closeSession(session: Session | undefined): Promise<void> {
  if (session === undefined) return;
  await session.app.close();
  await session.dispose?.();
}

/**
 * The service for a group of routes: a fresh store every group, so that a database store stays
 * small enough to compare whole before and after every request.
 */
async function sessionFor(context: RouteFuzzContext, group: number, open: () => Promise<FuzzStore>): Promise<Session> {
  if (context.session?.group === group) return context.session;
  await closeSession(context.session);
  context.session = undefined;
  const opened = await open();
  const app = await startTestService({
    storage: { kind: 'provided', persistence: opened.store },
    // Nothing throttles the fuzzer, and its tokens outlive the longest run.
    rateLimitScale: 100_000,
    autoProvisionPerHour: 1_000_000_000,
    accessTokenTtlSeconds: 86_400,
  });
  context.session = { ...opened, group, app, worlds: new Map(), targets: new Map() };
  if (context.errorSchema === undefined) {
    const document = (await (await fetch(`${app.service.url}/api/v1/openapi.json`)).json()) as {
      components: { schemas: { Error: JsonSchema } };
    };
    context.errorSchema = strictErrorSchema(document.components.schemas.Error);
  }
  return context.session;
}

/**
 * A route's own world: whatever the fuzzer does to it (revoke its credential, close its call)
 * stays there. Reads cannot do that, so they share one.
 */
async function targetFor(context: Session, spec: RouteSpec): Promise<RouteTarget> {
  const known = context.targets.get(spec.operationId);
  if (known !== undefined) return known;
  const key = spec.method === 'GET' ? 'reads' : spec.operationId;
  const world = context.worlds.get(key) ?? (await routeWorld(context.app.http, context.app.bootstrapKey));
  context.worlds.set(key, world);
  // The bridge's token exchange takes the game credential's secret, the integrations' the API one's.
  const credential = spec.path.includes('/integrations/game/') ? world.secrets.game : world.secrets.api;
  const names = Object.keys((spec.params?.['properties'] ?? {}) as object);
  // Routes about an assignment need one to exist.
  if (names.includes('callId') && names.includes('unitId')) await world.assignWorldUnit();
  const bodyFields = Object.keys((spec.body?.['properties'] ?? {}) as object);
  const target: RouteTarget = {
    spec,
    ids: { ...world.ids, clientId: credential.clientId },
    texts: {
      plate: [world.plate],
      departmentSlug: [world.bridge.slug],
      license: [world.bridge.identifiers.license],
      firstName: ['Trevor'],
      lastName: ['Philips'],
      dateOfBirth: ['1967-06-06'],
      clientId: [credential.clientId],
      clientSecret: [credential.clientSecret],
      // A route that takes a `token` is the MDT hand-off exchange: a few single-use tokens to spend.
      token: bodyFields.includes('token') ? await handoffTokens(world, 3) : [],
    },
    token: world.tokenOf(spec),
    methodsOnPath: ROUTES.filter((other) => shape(other.path) === shape(spec.path)).map((other) => other.method),
  };
  context.targets.set(spec.operationId, target);
  return target;
}

/** MDT hand-off tokens issued to the world's officer, as the game bridge hands them out. */
async function handoffTokens(world: World, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const body = { identifiers: world.bridge.identifiers, departmentSlug: world.bridge.slug, onDuty: true };
    const reply = await world.http.post(`${BRIDGE}/mdt-handoff`, body, { token: world.tokens.game });
    if (typeof reply.body?.token === 'string') tokens.push(reply.body.token);
  }
  return tokens;
}

const shape = (path: string) => path.replace(/:[A-Za-z]+/g, ':');
const clip = (text: string) => (text.length > 800 ? `${text.slice(0, 800)}...` : text);

/**
 * Every route of the table, fuzzed from its own schemas: valid requests, then bodies, queries,
 * path parameters and transport broken, each with the route's valid credential. On every answer:
 * no 5xx, no internal detail, errors in the one documented shape, successes in the documented
 * schema, and a 4xx writes nothing (but the answer kept under its Idempotency-Key, when it sent one); a valid request is never refused by a rule its schema states.
 * Serial: "writes nothing" compares the whole store.
 */
export function routeFuzzSuite(
  test: TestFn<RouteFuzzContext>,
  options: {
    name: string;
    runs: number;
    open: () => Promise<FuzzStore>;
    /** The part of the table this file fuzzes (files run in parallel); all of it by default. */
    routes?: (spec: RouteSpec) => boolean;
    /** How many routes share a store before a fresh one is opened; all of them by default. */
    routesPerStore?: number;
    /** The families of requests fuzzed; every family of each route by default. */
    families?: readonly Family[];
    /** `slice`: the first route of each group among those chosen (tests/support/coverage.ts); every one by default. */
    coverage?: Coverage;
  },
): void {
  const tally = new FuzzTally();
  // The file's tests run one after the other and hand the session on: state of the suite, not of a test.
  const state: RouteFuzzContext = {};
  test.after.always(async () => {
    tally.report(`Route fuzzing on ${options.name}, ${options.runs} runs per route and family`, options.name.replace(/\W+/g, '-'));
    await closeSession(state.session);
  });

  for (const [index, spec] of routesFor(options.coverage ?? 'full', ROUTES.filter(options.routes ?? (() => true))).entries()) {
    const group = Math.floor(index / (options.routesPerStore ?? Infinity));
    for (const family of familiesOf(spec).filter((f) => options.families?.includes(f) ?? true)) {
      test.serial(`${spec.operationId} (${spec.method} ${spec.path}): ${family} requests keep every invariant`, async (t) => {
        const session = await sessionFor(state, group, options.open);
        const { app, store } = session;
        const errorSchema = state.errorSchema!;
        const target = await targetFor(session, spec);
        const route = `${spec.method} ${spec.path}`;
        const property = fc.asyncProperty(requestsOf(family, target), async (request) => {
          const before = await store.snapshot();
          const reply = await send(app.service.url, request);
          tally.count(route, reply.status);
          const problems = replyProblems(spec, request, reply, errorSchema);
          const refused = family === 'valid' ? ruleRefusal(spec, reply) : null;
          if (refused !== null) problems.push(refused);
          if (reply.status >= 400 && reply.status < 500) {
            // A refusal the route answers itself is kept under the request's key, to be replayed (decision 0085): that row is the answer, not a write.
            const kept = request.headers['idempotency-key'] === undefined ? [] : ['idempotency_keys'];
            const written = storeDifference(before, await store.snapshot(), kept);
            if (written !== null) problems.push(`a ${reply.status} wrote to the store: ${written}`);
          }
          if (problems.length > 0) {
            throw new Error(`${problems.join('\n')}\nrequest: ${describe(request)}\nanswer: ${reply.status} ${clip(reply.text)}`);
          }
        });
        await fc.assert(property, { numRuns: options.runs, seed: seedOf(spec.operationId, family), includeErrorInReport: true });
        t.pass();
      });
    }
  }
}
