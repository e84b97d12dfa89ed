import { ConnectionException } from '@mikro-orm/core';
import { StoreUnavailable } from '../../application/ports/persistence-errors.ts';

/** Socket-level failures: the server is not there, or went away. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot serve: class 08 (connection exception), 57P01-57P03 (shut
 * down by an administrator or a crash, cannot connect now), 53300 (too many connections), 57014
 * (a statement cancelled, by `statement_timeout` above all) and 25P03 (a transaction ended by
 * `idle_in_transaction_session_timeout`): decision 0087.
 */
const UNAVAILABLE_STATE = /^(08...|57P0[123]|53300|57014|25P03)$/;

/** What `pg` and its pool say when a connection fails, is cut or cannot be had in time, or a statement passes its deadline. */
const UNAVAILABLE_MESSAGE =
  /connection terminated|connection timeout|query read timeout|timeout exceeded when trying to connect|connection error and is not queryable|not queryable|connection ended|server closed the connection|the database system is (starting up|shutting down|in recovery)|cannot use a pool after calling end/i;

/** Why the error means the database cannot be reached, or null when it is some other failure. */
export function unavailability(error: unknown): string | null {
  for (let cause: unknown = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATE.test(code))) return code;
    if (cause instanceof ConnectionException || UNAVAILABLE_MESSAGE.test(cause.message)) return cause.message.split('\n')[0]!;
    if (cause instanceof AggregateError && cause.errors.some((inner) => unavailability(inner) !== null)) return cause.message;
  }
  return null;
}

/** The error as the ports speak of it: `StoreUnavailable` when the database cannot be reached. */
export function asPortError(error: unknown): unknown {
  if (error instanceof StoreUnavailable) return error;
  const reason = unavailability(error);
  return reason === null ? error : new StoreUnavailable(reason);
}

/**
 * The store with every method's failure passed through `asPortError`, so that no caller sees a
 * driver's connection error: repositories, the unit of work (whose `run` also covers the commit)
 * and `ping`. Synchronous results stay synchronous.
 */
export function guardedAgainstConnectionFaults<T extends object>(store: T): T {
  const guarded: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(store)) {
    guarded[name] = typeof member === 'function' ? guardFunction(member as (...args: unknown[]) => unknown, store) : guardObject(member);
  }
  return guarded as T;
}

function guardObject(member: unknown): unknown {
  if (typeof member !== 'object' || member === null) return member;
  return new Proxy(member, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? guardFunction(value as (...args: unknown[]) => unknown, target) : value;
    },
  });
}

function guardFunction(fn: (...args: unknown[]) => unknown, self: unknown) {
  return (...args: unknown[]) => {
    let result: unknown;
    try {
      result = fn.apply(self, args);
    } catch (error) {
      throw asPortError(error);
    }
    return result instanceof Promise
      ? result.catch((error: unknown) => {
          throw asPortError(error);
        })
      : result;
  };
}
