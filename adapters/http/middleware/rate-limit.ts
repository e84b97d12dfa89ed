import type { Middleware } from 'koa';
import type { RateLimiter } from '../../../application/ports/rate-limiter.ts';
import { HttpError } from '../error-catalogue.ts';
import type { HttpState } from '../http-state.ts';
import type { RateRule } from '../route-spec.ts';
import { callerAddress } from './caller-address.ts';

/**
 * Spends one request of the route's per-minute budget. Routes that share a bucket share a budget
 * (both token exchanges). Past the budget: 429 `RATE_LIMITED`, with the standard headers.
 */
export function rateLimit(
  rule: RateRule,
  limiter: RateLimiter,
  scale: number,
  onLimited?: (bucket: string) => void,
): Middleware<HttpState> {
  const limit = Math.max(1, Math.ceil(rule.perMinute * scale));
  return async (ctx, next) => {
    const caller =
      rule.per === 'credential'
        ? ctx.state.grant?.credentialId
        : rule.per === 'session'
          ? ctx.state.mdt?.session.characterId
          : callerAddress(ctx.ip);
    const decision = await limiter.consume(`${rule.bucket}:${caller ?? 'unknown'}`, limit, 60);
    ctx.set('RateLimit-Limit', String(decision.limit));
    ctx.set('RateLimit-Remaining', String(decision.remaining));
    ctx.set('RateLimit-Reset', String(decision.resetSeconds));
    if (!decision.allowed) {
      ctx.set('Retry-After', String(decision.resetSeconds));
      onLimited?.(rule.bucket);
      throw new HttpError('RATE_LIMITED');
    }
    await next();
  };
}
