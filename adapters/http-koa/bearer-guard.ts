import type { KeyObject } from 'node:crypto';
import type Koa from 'koa';
import koaJwt from 'koa-jwt';
import { type BearerTokenRules, type Exchange, HttpError } from '../http/index.ts';

/** Where koa-jwt leaves the verified claims, in `ctx.state`. */
const CLAIMS = 'claims';

/**
 * The bearer guard of the table's JWT rows on Koa: koa-jwt, with the token adapter's key (a
 * `KeyObject`, so jsonwebtoken reads it once, not on every call), algorithms, issuer and audience,
 * and its own header rule (`Bearer <token>`, the scheme in any case: the rule the pipeline's verifier
 * follows on uWS). Every failure of koa-jwt's (no header, another scheme, a bad signature, an
 * expired token, another audience) is the one 401 of the pipeline, never koa-jwt's own message.
 * koa-jwt runs on every request of a JWT row: the Koa transport keeps no store of verified tokens
 * (decision 0130; the uWS transport's own verifier keeps one, decision 0052). Measured, a
 * verification costs about 10 us, within the heartbeat benchmark's noise.
 * What the claims grant (kind, scope) is judged after this, by the row's own stages.
 */
export function bearerGuard(tokens: BearerTokenRules, exchangeOf: (ctx: Koa.Context) => Exchange): Koa.Middleware {
  const { secret, algorithms, issuer, audience } = tokens.verification;
  // koa-jwt's types predate KeyObject; jsonwebtoken, which it hands the secret to, takes one.
  const verify = koaJwt({ secret: secret as KeyObject & Buffer, algorithms, issuer, audience, key: CLAIMS });
  const noDownstream = async () => undefined;
  return async (ctx, next) => {
    const ex = exchangeOf(ctx);
    try {
      await verify(ctx, noDownstream);
    } catch {
      throw new HttpError('UNAUTHORIZED');
    }
    ex.claims = (ctx.state as Record<string, unknown>)[CLAIMS];
    return next();
  };
}
