import type { TestFn } from 'ava';
import fc from 'fast-check';
import type { RouteSpec } from '../../adapters/http-koa/route-spec.ts';
import { ROUTES } from '../../adapters/http-koa/routes/index.ts';
import { routeWorld } from '../support/route-world.ts';
import { type TestService, startTestService } from '../support/test-service.ts';
import type { InspectableStore } from '../suites/bad-input.suite.ts';
import { describe, send } from './fuzz-request.ts';
import { seedOf } from './fuzz-settings.ts';
import { FuzzTally } from './fuzz-tally.ts';
import { replyProblems, strictErrorSchema } from './reply-invariants.ts';
import { type RouteTarget, familiesOf, requestsOf } from './route-requests.ts';
import type { JsonSchema } from './schema-arbitrary.ts';
import { storeDifference } from './store-difference.ts';

export type RouteFuzzContext = {
  app: TestService;
  store: InspectableStore;
  errorSchema: JsonSchema;
  worlds: Map<string, World>;
  targets: Map<string, RouteTarget>;
};

type World = Awaited<ReturnType<typeof routeWorld>>;

/**
 * A route's own world: whatever the fuzzer does to it (revoke its credential, close its call)
 * stays there. Reads cannot do that, so they share one.
 */
async function targetFor(context: RouteFuzzContext, spec: RouteSpec): Promise<RouteTarget> {
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
  const target: RouteTarget = {
    spec,
    ids: { ...world.ids, clientId: credential.clientId },
    texts: {
      plate: world.plate,
      departmentSlug: world.bridge.slug,
      license: world.bridge.identifiers.license,
      firstName: 'Trevor',
      lastName: 'Philips',
      dateOfBirth: '1967-06-06',
      clientSecret: credential.clientSecret,
    },
    token: world.tokenOf(spec),
    methodsOnPath: ROUTES.filter((other) => shape(other.path) === shape(spec.path)).map((other) => other.method),
  };
  context.targets.set(spec.operationId, target);
  return target;
}

const shape = (path: string) => path.replace(/:[A-Za-z]+/g, ':');
const clip = (text: string) => (text.length > 800 ? `${text.slice(0, 800)}...` : text);

/**
 * Every route of the table, fuzzed from its own schemas: valid requests, then bodies, queries,
 * path parameters and transport broken, each with the route's valid credential. On every answer:
 * no 5xx, no internal detail, errors in the one documented shape, successes in the documented
 * schema, and a 4xx writes nothing. Serial: "writes nothing" compares the whole store.
 */
export function routeFuzzSuite(
  test: TestFn<RouteFuzzContext>,
  options: {
    name: string;
    runs: number;
    open: () => Promise<InspectableStore>;
    /** The part of the table this file fuzzes (files run in parallel); all of it by default. */
    routes?: (spec: RouteSpec) => boolean;
  },
): void {
  const tally = new FuzzTally();

  test.before(async (t) => {
    const store = await options.open();
    const app = await startTestService({
      storage: { kind: 'provided', persistence: store },
      // Nothing throttles the fuzzer, and its tokens outlive the longest run.
      rateLimitScale: 100_000,
      autoProvisionPerHour: 1_000_000_000,
      accessTokenTtlSeconds: 86_400,
    });
    const document = (await (await fetch(`${app.service.url}/api/v1/openapi.json`)).json()) as {
      components: { schemas: { Error: JsonSchema } };
    };
    t.context = { app, store, errorSchema: strictErrorSchema(document.components.schemas.Error), worlds: new Map(), targets: new Map() };
  });
  test.after.always(async (t) => {
    tally.report(`Route fuzzing on ${options.name}, ${options.runs} runs per route and family`, options.name.replace(/\W+/g, '-'));
    await t.context.app?.close();
  });

  for (const spec of ROUTES.filter(options.routes ?? (() => true))) {
    for (const family of familiesOf(spec)) {
      test.serial(`${spec.operationId} (${spec.method} ${spec.path}): ${family} requests keep every invariant`, async (t) => {
        const { app, store, errorSchema } = t.context;
        const target = await targetFor(t.context, spec);
        const route = `${spec.method} ${spec.path}`;
        const property = fc.asyncProperty(requestsOf(family, target), async (request) => {
          const before = await store.snapshot();
          const reply = await send(app.service.url, request);
          tally.count(route, reply.status);
          const problems = replyProblems(spec, request, reply, errorSchema);
          if (reply.status >= 400 && reply.status < 500) {
            const written = storeDifference(before, await store.snapshot());
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
