import type { RouteSpec } from '../../adapters/http/route-spec.ts';
import { testHttpEngine } from './http-engine.ts';

/**
 * How much of a matrix suite (bad input, isolation, idempotency, fuzzing) one of its files runs.
 * `full`: every route, on the one store and transport where the whole matrix runs (memory, Koa).
 * `slice`: the cases of every route that can differ with the store or the transport, and of the
 * rest one route of each group (`representatives`). A store is proven by the storage contract
 * suites and the database-specific suites, a transport by the parity tests over the route table;
 * the slice shows that the suite's behaviour holds on them too. docs/testing.md lists what each
 * combination runs.
 */
export type Coverage = 'full' | 'slice';

export type StoreKind = 'memory' | 'pglite' | 'postgres';

/** The whole matrix on memory and Koa; a slice on every other store or transport. */
export function coverageOn(store: StoreKind): Coverage {
  return store === 'memory' && testHttpEngine === 'koa' ? 'full' : 'slice';
}

/**
 * For the isolation suites, whose refusals each store's repositories make (an organisation's rows
 * are found by a query of that store): the whole matrix on every store on Koa, a slice on uws.
 */
export function coverageOnTransport(): Coverage {
  return testHttpEngine === 'koa' ? 'full' : 'slice';
}

/**
 * The group a route belongs to: who may call it (the guard, and the kind of credential) and
 * whether it reads or writes. Routes of one group go through the same authentication, the same
 * stages of the pipeline and the same kind of use case.
 */
export function groupOf(spec: RouteSpec): string {
  const who = spec.guard.kind === 'credential' ? `credential:${spec.guard.credential}` : spec.guard.kind;
  return `${who} ${spec.method === 'GET' ? 'read' : 'write'}`;
}

/** The first route of each group among `specs`, in their order. */
export function representatives<Spec extends RouteSpec>(specs: readonly Spec[]): Spec[] {
  const seen = new Set<string>();
  return specs.filter((spec) => {
    const group = groupOf(spec);
    if (seen.has(group)) return false;
    seen.add(group);
    return true;
  });
}

/** Every route on `full`, the groups' representatives on `slice`. */
export function routesFor<Spec extends RouteSpec>(coverage: Coverage, specs: readonly Spec[]): Spec[] {
  return coverage === 'full' ? [...specs] : representatives(specs);
}
