/** How long a request waits for a connection when the URL does not say: long enough for a busy pool, short of a hang. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;

/**
 * The wait for a connection, from the URL's `connect_timeout` (seconds, libpq's parameter) or the
 * default. `pg` bounds with it both opening a connection and waiting for a free one in the pool.
 */
export function connectTimeoutMs(url: string): number {
  let seconds: string | null = null;
  try {
    seconds = new URL(url).searchParams.get('connect_timeout');
  } catch {
    return DEFAULT_CONNECT_TIMEOUT_MS;
  }
  const value = Number(seconds);
  return seconds !== null && Number.isFinite(value) && value > 0 ? Math.round(value * 1000) : DEFAULT_CONNECT_TIMEOUT_MS;
}
