import type { KeyObject } from 'node:crypto';
import type Koa from 'koa';
import koaJwt from 'koa-jwt';
import { type BearerTokenRules, type Exchange, HttpError, VerifiedTokens } from '../http/index.ts';

/** Where koa-jwt leaves the verified claims, in `ctx.state`. */
const CLAIMS = 'claims';

/**
 * The bearer guard of the table's JWT rows on Koa: koa-jwt, with the token adapter's key (a
 * `KeyObject`, so jsonwebtoken reads it once, not on every call), algorithms, issuer and audience,
 * and its own header rule (`Bearer <token>`, the scheme in any case: the rule the pipeline's verifier
 * follows on uWS). Every failure of koa-jwt's (no header, another scheme, a bad signature, an
 * expired token, another audience) is the one 401 of the pipeline, never koa-jwt's own message.
 * A header verified before and not expired is not verified again (decision 0052): its claims come
 * from the same kind of store the pipeline's verifier keeps, and koa-jwt runs for any other.
 * What the claims grant (kind, scope) is judged after this, by the row's own stages.
 */
export function bearerGuard(tokens: BearerTokenRules, exchangeOf: (ctx: Koa.Context) => Exchange): Koa.Middleware {
  const { secret, algorithms, issuer, audience } = tokens.verification;
  // koa-jwt's types predate KeyObject; jsonwebtoken, which it hands the secret to, takes one.
  const verify = koaJwt({ secret: secret as KeyObject & Buffer, algorithms, issuer, audience, key: CLAIMS });
  const verified = new VerifiedTokens();
  const noDownstream = async () => undefined;
  return async (ctx, next) => {
    const ex = exchangeOf(ctx);
    const header = ex.get('authorization');
    const now = Date.now();
    const known = verified.claims(header, now);
    if (known !== undefined) ex.claims = known;
    else {
      try {
        await verify(ctx, noDownstream);
      } catch {
        throw new HttpError('UNAUTHORIZED');
      }
      ex.claims = (ctx.state as Record<string, unknown>)[CLAIMS];
      verified.remember(header, ex.claims, now);
    }
    return next();
  };
}
