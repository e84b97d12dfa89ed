import { type KeyObject, createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { MdtSession, MdtSessionIssuer } from '../../application/ports/mdt-session-issuer.ts';
import { TOKEN_ALGORITHM, TOKEN_ISSUER } from './jwt-access-tokens.ts';

/** Its own audience: an MDT session is never accepted where an access token is expected. */
export const MDT_SESSION_AUDIENCE = 'cad-mdt';
/** A shift. */
export const MDT_SESSION_TTL_SECONDS = 8 * 60 * 60;

/** Signs MDT web-client sessions with the installation's signing key. */
export class JwtMdtSessions implements MdtSessionIssuer {
  constructor(
    signingKey: Buffer,
    private readonly ttlSeconds = MDT_SESSION_TTL_SECONDS,
  ) {
    this.key = createSecretKey(signingKey);
  }

  private readonly key: KeyObject;

  issue(session: MdtSession, now: Date): { sessionToken: string; expiresAt: Date } {
    const iat = Math.floor(now.getTime() / 1000);
    const exp = iat + this.ttlSeconds;
    const sessionToken = jwt.sign(
      {
        sub: session.characterPublicId,
        org: session.organisationId,
        dpt: session.departmentId,
        unt: session.unitId,
        tier: session.tier,
        iat,
        exp,
      },
      this.key,
      { algorithm: TOKEN_ALGORITHM, issuer: TOKEN_ISSUER, audience: MDT_SESSION_AUDIENCE },
    );
    return { sessionToken, expiresAt: new Date(exp * 1000) };
  }
}
