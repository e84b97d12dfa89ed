import type { Middleware } from 'koa';
import koaJwt from 'koa-jwt';
import type { AuthenticateOperator } from '../../../application/auth/authenticate-operator.ts';
import { holdsScope } from '../../../domain/credential/access-grant.ts';
import type { BearerTokenRules } from '../bearer-token-rules.ts';
import { HttpError } from '../error-catalogue.ts';
import type { HttpState } from '../http-state.ts';
import type { Guard } from '../route-spec.ts';

/**
 * Authentication and authorisation of one route. Every authentication failure is the same 401;
 * a token of the wrong credential kind, or without the route's scope, is 403.
 */
export function guard(rule: Guard, authenticateOperator: AuthenticateOperator, tokens: BearerTokenRules): Middleware<HttpState>[] {
  if (rule.kind === 'public') return [];
  if (rule.kind === 'operator') return [operatorKey(authenticateOperator)];
  const { secret, ...options } = tokens.verification;
  // koa-jwt hands the secret to jsonwebtoken, which takes a KeyObject; koa-jwt's types predate that.
  const jwtOptions = { secret, ...options, key: 'jwt' } as unknown as Parameters<typeof koaJwt>[0];
  const verify = koaJwt(jwtOptions) as unknown as Middleware<HttpState>;
  const authorise: Middleware<HttpState> = async (ctx, next) => {
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
