import { match } from 'path-to-regexp';

/** The methods a route may have; any other on a known path is a 501, as on every transport. */
const IMPLEMENTED = new Set(['HEAD', 'OPTIONS', 'GET', 'PUT', 'PATCH', 'POST', 'DELETE']);

export type RouteMatch<Target> =
  | { readonly kind: 'route'; readonly target: Target; readonly template: string; readonly params: Record<string, string> }
  /** The path is known, not with this method: 405 (or 501 for a method no route can have), or an OPTIONS answer. */
  | { readonly kind: 'other-methods'; readonly allow: string; readonly implemented: boolean }
  | { readonly kind: 'none' };

interface PathEntry<Target> {
  readonly template: string;
  readonly methods: Map<string, Target>;
  readonly match: ReturnType<typeof match> | null;
}

/** A `%` sequence that is not valid UTF-8 stays as sent rather than failing the request. */
function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The paths of the route table, matched the same on every transport: templates in `:name` form,
 * case-insensitive, with or without one trailing slash; a GET route answers HEAD too. Paths without
 * parameters are found in one map lookup (the heartbeat's route among them).
 */
export class Router<Target> {
  private readonly exact = new Map<string, PathEntry<Target>>();
  private readonly templated: PathEntry<Target>[] = [];
  private readonly byTemplate = new Map<string, PathEntry<Target>>();

  add(method: string, template: string, target: Target): void {
    let entry = this.byTemplate.get(template);
    if (entry === undefined) {
      const parametric = template.includes(':');
      entry = {
        template,
        methods: new Map(),
        match: parametric ? match(template, { decode, sensitive: false, trailing: true, end: true }) : null,
      };
      this.byTemplate.set(template, entry);
      if (parametric) this.templated.push(entry);
      else this.exact.set(normalised(template), entry);
    }
    if (entry.methods.has(method)) throw new Error(`${method} ${template} is in the route table twice`);
    entry.methods.set(method, target);
  }

  /** Every method and template the router serves (HEAD implied by GET, not listed). */
  routes(): Array<{ readonly method: string; readonly path: string }> {
    return [...this.byTemplate.values()].flatMap((entry) => [...entry.methods.keys()].map((method) => ({ method, path: entry.template })));
  }

  find(method: string, path: string): RouteMatch<Target> {
    const exact = this.exact.get(normalised(path));
    const hit = exact && this.targetOf(exact, method);
    if (hit !== undefined) return { kind: 'route', target: hit, template: exact!.template, params: {} };
    const known: PathEntry<Target>[] = exact === undefined ? [] : [exact];
    for (const candidate of this.templated) {
      const found = candidate.match!(path);
      if (found === false) continue;
      const target = this.targetOf(candidate, method);
      if (target !== undefined)
        return { kind: 'route', target, template: candidate.template, params: found.params as Record<string, string> };
      known.push(candidate);
    }
    if (known.length === 0) return { kind: 'none' };
    const methods = new Set(known.flatMap((entry) => [...entry.methods.keys()].flatMap((m) => (m === 'GET' ? ['HEAD', 'GET'] : [m]))));
    return { kind: 'other-methods', allow: [...methods].join(', '), implemented: IMPLEMENTED.has(method) };
  }

  private targetOf(entry: PathEntry<Target>, method: string): Target | undefined {
    return entry.methods.get(method) ?? (method === 'HEAD' ? entry.methods.get('GET') : undefined);
  }
}

/** The form an exact path is looked up in: lower case, without one trailing slash. */
function normalised(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}
