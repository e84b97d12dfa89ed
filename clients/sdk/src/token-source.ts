/** An access token and when it stops being accepted. */
export interface AccessToken {
  readonly token: string;
  readonly expiresAt: number;
  /** When a new exchange is due: a fifth of the lifetime before expiry, between 5 s and 60 s. */
  readonly renewAt: number;
}

/**
 * The credential's access token: exchanged on first use and again before it expires, with one
 * exchange in flight however many requests wait for it. The contract has no refresh token, so
 * renewal is a new exchange of the client id and secret.
 */
export class TokenSource {
  private current: AccessToken | null = null;
  private exchanging: Promise<AccessToken> | null = null;
  private exchanges = 0;

  constructor(
    private readonly exchange: () => Promise<{ accessToken: string; expiresIn: number }>,
    private readonly now: () => number = Date.now,
  ) {}

  /** A token with some life left: the held one, or a fresh one when it is near its end. */
  async get(): Promise<AccessToken> {
    const held = this.current;
    if (held !== null && this.now() < held.renewAt) return held;
    return this.renew();
  }

  /** Forgets the held token (the service answered 401 with it), so that the next `get` exchanges. */
  discard(token: string): void {
    if (this.current?.token === token) this.current = null;
  }

  /** How many exchanges this source has made. */
  get exchangeCount(): number {
    return this.exchanges;
  }

  /** When the held token is due for renewal (ms since the epoch), or null when none is held. */
  renewalDueAt(): number | null {
    const held = this.current;
    return held === null ? null : held.renewAt;
  }

  private renew(): Promise<AccessToken> {
    this.exchanging ??= (async () => {
      try {
        const issuedAt = this.now();
        const { accessToken, expiresIn } = await this.exchange();
        this.exchanges += 1;
        const lifetime = expiresIn * 1000;
        const margin = Math.min(Math.max(lifetime / 5, 5_000), 60_000);
        const fresh = { token: accessToken, expiresAt: issuedAt + lifetime, renewAt: issuedAt + lifetime - margin };
        this.current = fresh;
        return fresh;
      } finally {
        this.exchanging = null;
      }
    })();
    return this.exchanging;
  }
}
