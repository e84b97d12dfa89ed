import { sleep } from './backoff.ts';

/**
 * Per rate-limit bucket, when its next request may go. A 429 closes only its own bucket until its
 * `Retry-After` has passed; requests of other buckets keep flowing.
 */
export class RateLimitGate {
  private readonly openAt = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Waits until the bucket is open (at once when it never closed). */
  async pass(bucket: string | null): Promise<void> {
    if (bucket === null) return;
    for (;;) {
      const wait = (this.openAt.get(bucket) ?? 0) - this.now();
      if (wait <= 0) return;
      await sleep(wait);
    }
  }

  /** Closes the bucket for `seconds` (never shortens an earlier closure). */
  close(bucket: string | null, seconds: number): void {
    if (bucket === null) return;
    const until = this.now() + Math.max(seconds, 0) * 1000;
    if (until > (this.openAt.get(bucket) ?? 0)) this.openAt.set(bucket, until);
  }

  /** How many buckets are closed now (for logs and tests). */
  closedBuckets(): string[] {
    const now = this.now();
    return [...this.openAt].filter(([, until]) => until > now).map(([bucket]) => bucket);
  }
}

/** `Retry-After` in seconds (delta form, or an HTTP date); one second when missing or unreadable. */
export function retryAfterSeconds(header: string | null, now: () => number = Date.now): number {
  if (header === null) return 1;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(seconds, 0);
  const date = Date.parse(header);
  return Number.isNaN(date) ? 1 : Math.max((date - now()) / 1000, 0);
}
