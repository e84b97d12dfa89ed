import { builtinModules, createRequire } from 'node:module';

/**
 * Runs one script file the way FXServer does: its free names (the natives, `exports`, `source`,
 * the timers) resolve to the runtime's globals, given here. The script cannot tell: it reads the
 * same names it reads in FXServer. `source` is assignable from outside, as FXServer sets it while
 * an event runs.
 */
export function runScript(code: string, globals: Record<string, unknown>): { setSource(value: unknown): void } {
  const names = Object.keys(globals);
  const body = `var source;\n${code}\n;return { setSource(value) { source = value; } };`;
  const run = new Function(...names, body) as (...values: unknown[]) => { setSource(value: unknown): void };
  return run(...names.map((name) => globals[name]));
}

/**
 * `require` as a server script has it when the resource brings no node_modules: Node's own modules
 * only. Anything else fails, as it would on a server where the project's packages are not installed.
 */
export function builtinsOnlyRequire(): (name: string) => unknown {
  const real = createRequire(import.meta.url);
  const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
  return (name: string) => {
    if (!builtins.has(name)) {
      const error = new Error(`Cannot find module '${name}'`) as Error & { code: string };
      error.code = 'MODULE_NOT_FOUND';
      throw error;
    }
    return real(name);
  };
}

/** Timers that the runtime can all stop when the resource stops (FXServer ends a stopped resource's timers). */
export function ownedTimers() {
  const live = new Set<ReturnType<typeof setTimeout>>();
  return {
    globals: {
      setTimeout: (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
        const timer = setTimeout(
          (...a: unknown[]) => {
            live.delete(timer);
            callback(...a);
          },
          ms,
          ...args,
        );
        live.add(timer);
        return timer;
      },
      clearTimeout: (timer: ReturnType<typeof setTimeout> | undefined) => {
        if (timer !== undefined) live.delete(timer);
        clearTimeout(timer);
      },
      setInterval: (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
        const timer = setInterval(callback, ms, ...args);
        live.add(timer);
        return timer;
      },
      clearInterval: (timer: ReturnType<typeof setInterval> | undefined) => {
        if (timer !== undefined) live.delete(timer);
        clearInterval(timer);
      },
    },
    stopAll() {
      for (const timer of live) clearTimeout(timer);
      live.clear();
    },
  };
}

/**
 * What a server script lacks on Node 16, the runtime of every build before 12913 and of any build
 * whose manifest does not ask for Node 22: the WHATWG fetch family (global from Node 18 on). The
 * names are unbound both as free variables and on `globalThis`.
 */
export function node16Globals(): Record<string, unknown> {
  const missing = new Set(['fetch', 'Headers', 'Request', 'Response', 'FormData']);
  const global = new Proxy(globalThis, {
    get: (target, key) => (typeof key === 'string' && missing.has(key) ? undefined : Reflect.get(target, key)),
    has: (target, key) => !(typeof key === 'string' && missing.has(key)) && Reflect.has(target, key),
  });
  return { ...Object.fromEntries([...missing].map((name) => [name, undefined])), globalThis: global, global };
}
