import type { StoreKind } from '../support/coverage.ts';

/**
 * How much to fuzz. CI runs a fixed seed, so that a red run is red again on the next try;
 * `FUZZ_SEED` picks other inputs and `FUZZ_RUNS` more of them (`npm run fuzz` does both).
 */
export const FUZZ_SEED = integerFrom('FUZZ_SEED', 20_260_501);

/** Runs per route and invariant family: the in-memory store is cheap, the databases less so. */
export function runsFor(store: StoreKind): number {
  return integerFrom('FUZZ_RUNS', store === 'memory' ? 25 : 5);
}

function integerFrom(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not ${text}`);
  return value;
}

/** One seed per property, from the run's seed and the property's name: the same inputs whatever runs before it. */
export function seedOf(...parts: string[]): number {
  let hash = 0x811c9dc5 ^ FUZZ_SEED;
  for (const char of parts.join('|')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}
