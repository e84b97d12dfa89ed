import jwt from 'jsonwebtoken';
import { type JwtAccessTokens, grantFromClaims } from '../security/index.ts';
import type { RealtimeAuthResult } from './realtime-gateway.ts';

/** Longer than any access token we issue; a larger handshake value is not worth verifying. */
const MAX_TOKEN_LENGTH = 4096;

/**
 * The handshake check of the realtime channel: the same access tokens, verified exactly as the
 * HTTP routes verify them (signature, algorithm, issuer, audience, expiry), and admitted only for
 * `game` credentials, whose department picks the room. `now` is the clock expiry is judged by.
 */
export function tokenAuthentication(tokens: JwtAccessTokens, now: () => Date = () => new Date()): (token: unknown) => RealtimeAuthResult {
  const { secret, ...verifyOptions } = tokens.verification;
  return (token) => {
    if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'invalid_token' };
    let payload: string | jwt.JwtPayload;
    try {
      payload = jwt.verify(token, secret, { ...verifyOptions, clockTimestamp: Math.floor(now().getTime() / 1000) });
    } catch (error) {
      // Only a token that is otherwise valid reaches the expiry check: the signature is checked first.
      return { ok: false, reason: error instanceof jwt.TokenExpiredError ? 'token_expired' : 'invalid_token' };
    }
    const grant = grantFromClaims(payload);
    if (grant === null || typeof payload === 'string' || typeof payload.exp !== 'number') return { ok: false, reason: 'invalid_token' };
    if (grant.kind !== 'game' || grant.departmentId === null) return { ok: false, reason: 'game_credential_required' };
    return { ok: true, organisationId: grant.organisationId, departmentId: grant.departmentId, expiresAt: new Date(payload.exp * 1000) };
  };
}
