import type { RateLimiter } from '../../../application/ports/rate-limiter.ts';
import { HttpError } from '../error-catalogue.ts';
import type { Stage } from '../exchange.ts';
import type { RateRule } from '../route-spec.ts';
import { callerAddress } from './caller-address.ts';

/**
 * Spends one request of the route's per-minute budget. Routes that share a bucket share a budget
 * (both token exchanges). Past the budget: 429 `RATE_LIMITED`, with the standard headers.
 */
export function rateLimit(rule: RateRule, limiter: RateLimiter, scale: number, onLimited?: (bucket: string) => void): Stage {
  const limit = Math.max(1, Math.ceil(rule.perMinute * scale));
  return async (ex, next) => {
    const caller =
      rule.per === 'credential'
        ? ex.state.grant?.credentialId
        : rule.per === 'session'
          ? (ex.state.mdt?.session.characterId ?? (ex.state.person && `person:${ex.state.person.personId}`))
          : callerAddress(ex.ip);
    const decision = await limiter.consume(`${rule.bucket}:${caller ?? 'unknown'}`, limit, 60);
    ex.set('RateLimit-Limit', String(decision.limit));
    ex.set('RateLimit-Remaining', String(decision.remaining));
    ex.set('RateLimit-Reset', String(decision.resetSeconds));
    if (!decision.allowed) {
      ex.set('Retry-After', String(decision.resetSeconds));
      onLimited?.(rule.bucket);
      throw new HttpError('RATE_LIMITED');
    }
    await next();
  };
}
