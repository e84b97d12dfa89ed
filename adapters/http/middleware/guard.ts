import type { Middleware } from 'koa';
import koaJwt from 'koa-jwt';
import type { AuthenticateOperator } from '../../../application/auth/authenticate-operator.ts';
import { holdsScope } from '../../../domain/credential/access-grant.ts';
import type { BearerTokenRules } from '../bearer-token-rules.ts';
import { HttpError } from '../error-catalogue.ts';
import type { HttpState } from '../http-state.ts';
import type { Guard } from '../route-spec.ts';
import type { VerifiedTokens } from '../verified-tokens.ts';
import { type MdtSessionCheck, mdtSession } from './mdt-session-guard.ts';

/**
 * Authentication and authorisation of one route. Every authentication failure is the same 401;
 * a token of the wrong credential kind, or without the route's scope, is 403.
 */
export function guard(
  rule: Guard,
  authenticateOperator: AuthenticateOperator,
  tokens: BearerTokenRules,
  verified: VerifiedTokens,
  mdt: MdtSessionCheck,
): Middleware<HttpState>[] {
  if (rule.kind === 'public') return [];
  if (rule.kind === 'operator') return [operatorKey(authenticateOperator)];
  if (rule.kind === 'mdt') return [mdtSession(rule.tier, mdt)];
  const { secret, ...options } = tokens.verification;
  // koa-jwt hands the secret to jsonwebtoken, which takes a KeyObject; koa-jwt's types predate that.
  const jwtOptions = { secret, ...options, key: 'jwt' } as unknown as Parameters<typeof koaJwt>[0];
  const koaJwtVerify = koaJwt(jwtOptions) as unknown as Middleware<HttpState>;
  // The token check: a header verified before and not expired is not verified again; any other goes to koa-jwt.
  const verify: Middleware<HttpState> = (ctx, next) => {
    const claims = verified.claims(ctx.get('authorization'), Date.now());
    if (claims === undefined) return koaJwtVerify(ctx, next);
    ctx.state.jwt = claims;
    ctx.state.tokenKnown = true;
    return next();
  };
  const authorise: Middleware<HttpState> = async (ctx, next) => {
    if (ctx.state.tokenKnown !== true) verified.remember(ctx.get('authorization'), ctx.state.jwt, Date.now());
    const grant = tokens.grantFromClaims(ctx.state.jwt);
    if (grant === null) throw new HttpError('UNAUTHORIZED');
    ctx.state.grant = grant;
    if (grant.kind !== rule.credential) {
      throw new HttpError(
        'FORBIDDEN',
        rule.credential === 'game' ? 'This route is for game credentials.' : 'This route is for API credentials.',
      );
    }
    if (rule.scope !== undefined && !holdsScope(grant, rule.scope)) {
      throw new HttpError('FORBIDDEN', `This route needs the scope ${rule.scope}.`);
    }
    await next();
  };
  return [verify, authorise];
}

function operatorKey(authenticateOperator: AuthenticateOperator): Middleware<HttpState> {
  return async (ctx, next) => {
    const [scheme, presented] = ctx.get('authorization').split(' ');
    const operator = scheme === 'Bearer' && presented ? await authenticateOperator.execute(presented) : null;
    if (operator === null) throw new HttpError('UNAUTHORIZED');
    ctx.state.operator = operator;
    await next();
  };
}
