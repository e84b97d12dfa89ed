import jwt from 'jsonwebtoken';
import type { AuthenticatePerson } from '../../../application/people/authenticate-person.ts';
import type { UseCases } from '../../../application/use-cases.ts';
import { sameOrigin, sessionIdOf } from '../session-cookie.ts';
import { holdsScope } from '../../../domain/credential/access-grant.ts';
import type { BearerTokenRules } from '../bearer-token-rules.ts';
import { HttpError } from '../error-catalogue.ts';
import type { Exchange, Stage } from '../exchange.ts';
import type { Guard } from '../route-spec.ts';
import type { VerifiedTokens } from '../verified-tokens.ts';
import { type MdtSessionCheck, mdtSession } from './mdt-session-guard.ts';

/**
 * Authentication and authorisation of one route. Every authentication failure is the same 401;
 * a token of the wrong credential kind, or without the route's scope, is 403.
 *
 * A credential row's bearer token is verified by `verify` (the pipeline's own verifier, or, on a
 * transport that verifies it itself, the transport's: koa-jwt on Koa), which leaves the verified
 * claims in `ex.claims`; `checks` then read them as a grant and judge its kind and scope. Every
 * other guard has no `verify`: its `checks` are the whole guard.
 */
export interface RouteGuard {
  readonly verify?: Stage;
  readonly checks: Stage[];
}

export function guard(
  rule: Guard,
  method: string,
  authenticate: Pick<UseCases, 'authenticateOperator' | 'authenticatePerson'>,
  tokens: BearerTokenRules,
  verified: VerifiedTokens,
  mdt: MdtSessionCheck,
): RouteGuard {
  if (rule.kind === 'public') return { checks: [] };
  if (rule.kind === 'operator') return { checks: [operator(authenticate, method !== 'GET')] };
  if (rule.kind === 'person') return { checks: [person(authenticate.authenticatePerson, method !== 'GET')] };
  if (rule.kind === 'mdt') return { checks: [mdtSession(rule.tier, mdt)] };
  const claimsOf = bearerClaims(tokens, verified);
  const verify: Stage = (ex, next) => {
    ex.claims = claimsOf(ex);
    return next();
  };
  const authorise: Stage = async (ex, next) => {
    const grant = tokens.grantFromClaims(ex.claims);
    if (grant === null) throw new HttpError('UNAUTHORIZED');
    ex.state.grant = grant;
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
  return { verify, checks: [authorise] };
}

/**
 * The verified claims of the request's `Authorization: Bearer <token>`: a header verified before
 * and not expired is not verified again (decision 0052); any other is verified with the token
 * adapter's key, algorithms, issuer and audience. Anything missing, malformed or failing is the one 401.
 * The Koa transport verifies with koa-jwt instead, by the same rules (`adapters/http-koa/bearer-guard.ts`).
 */
function bearerClaims(tokens: BearerTokenRules, verified: VerifiedTokens): (ex: Exchange) => unknown {
  const { secret, algorithms, issuer, audience } = tokens.verification;
  const options = { algorithms: algorithms as jwt.Algorithm[], issuer, audience };
  return (ex) => {
    const header = ex.get('authorization');
    const now = Date.now();
    const known = verified.claims(header, now);
    if (known !== undefined) return known;
    const parts = header.trim().split(' ');
    if (parts.length !== 2 || !/^Bearer$/i.test(parts[0]!)) throw new HttpError('UNAUTHORIZED');
    let claims: unknown;
    try {
      claims = jwt.verify(parts[1]!, secret, options);
    } catch {
      throw new HttpError('UNAUTHORIZED');
    }
    verified.remember(header, claims, now);
    return claims;
  };
}

/**
 * An operator route: an operator key in `Authorization`, or else a person's session cookie, judged
 * by the same permissions. A write made with the cookie must come from the service's own pages.
 */
function operator(authenticate: Pick<UseCases, 'authenticateOperator' | 'authenticatePerson'>, writes: boolean): Stage {
  const byCookie = person(authenticate.authenticatePerson, writes);
  return async (ex, next) => {
    if (ex.get('authorization') === '') return byCookie(ex, next);
    const [scheme, presented] = ex.get('authorization').split(' ');
    const key = scheme === 'Bearer' && presented ? await authenticate.authenticateOperator.execute(presented) : null;
    if (key === null) throw new HttpError('UNAUTHORIZED');
    ex.state.operator = key;
    await next();
  };
}

/** A person's browser session, from its cookie; a write from another site (no matching `Origin`) changes nothing. */
function person(authenticatePerson: AuthenticatePerson, writes: boolean): Stage {
  return async (ex, next) => {
    const sessionId = sessionIdOf(ex);
    const found = sessionId === null ? null : await authenticatePerson.execute(sessionId);
    if (found === null) throw new HttpError('UNAUTHORIZED');
    if (writes && !sameOrigin(ex)) throw new HttpError('FORBIDDEN', CROSS_SITE);
    ex.state.person = found;
    ex.state.operator = found;
    await next();
  };
}

export const CROSS_SITE = 'A change made with a session cookie must come from this service’s own pages (its Origin).';
