import { type KeyObject, createHash, createSecretKey, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { MdtSession, MdtSessionGrant, MdtSessionIssuer } from '../../application/ports/mdt-session-issuer.ts';
import type { CharacterId, CharacterPublicId, CredentialId, DepartmentId, OrganisationId, UnitId } from '../../domain/shared/ids.ts';
import { TOKEN_ALGORITHM, TOKEN_ISSUER } from './jwt-access-tokens.ts';

/** Its own audience: an MDT session is never accepted where an access token is expected. */
export const MDT_SESSION_AUDIENCE = 'cad-mdt';
/** A shift, by default: four hours (`mdtSessionHours` when embedding, `CAD_MDT_SESSION_HOURS`). */
export const MDT_SESSION_TTL_SECONDS = 4 * 60 * 60;

interface MdtClaims {
  sub: string;
  org: string;
  chr: string;
  crd: string;
  dpt: string;
  unt: string | null;
  tier: string;
  /** Issued at, in milliseconds (`iat` has whole seconds): a rotation within the second is told apart. */
  ims: number;
  /** The session's own id: what a sign-out lists as ended. */
  sid: string;
}

/** Signs MDT web-client sessions with the installation's signing key, and verifies them. */
export class JwtMdtSessions implements MdtSessionIssuer {
  constructor(
    signingKey: Buffer,
    private readonly ttlSeconds = MDT_SESSION_TTL_SECONDS,
  ) {
    this.key = createSecretKey(signingKey);
  }

  private readonly key: KeyObject;

  issue(session: MdtSessionGrant, now: Date): { sessionToken: string; expiresAt: Date } {
    const iat = Math.floor(now.getTime() / 1000);
    const exp = iat + this.ttlSeconds;
    const claims: MdtClaims = {
      sub: session.characterPublicId,
      org: session.organisationId,
      chr: session.characterId,
      crd: session.credentialId,
      dpt: session.departmentId,
      unt: session.unitId,
      tier: session.tier,
      ims: now.getTime(),
      sid: randomUUID(),
    };
    const sessionToken = jwt.sign({ ...claims, iat, exp }, this.key, {
      algorithm: TOKEN_ALGORITHM,
      issuer: TOKEN_ISSUER,
      audience: MDT_SESSION_AUDIENCE,
    });
    return { sessionToken, expiresAt: new Date(exp * 1000) };
  }

  /** When a verified session ends. */
  expiryOf(token: string): Date | null {
    return expiryOfToken(token);
  }

  /** Signature, issuer, this audience and expiry; null for any token that fails, an access token included. */
  verify(token: string, now: Date): MdtSession | null {
    try {
      const payload = jwt.verify(token, this.key, {
        algorithms: [TOKEN_ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: MDT_SESSION_AUDIENCE,
        clockTimestamp: Math.floor(now.getTime() / 1000),
      });
      return sessionFromClaims(payload, token);
    } catch {
      return null;
    }
  }
}

/** When a session ends, read from its own claims (no verification: callers verified it first). */
export function expiryOfToken(token: string): Date | null {
  const exp = (jwt.decode(token) as { exp?: unknown } | null)?.exp;
  return typeof exp === 'number' ? new Date(exp * 1000) : null;
}

function sessionFromClaims(payload: unknown, token: string): MdtSession | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const c = payload as Partial<MdtClaims> & { exp?: unknown };
  if (typeof c.exp !== 'number') return null;
  const texts = [c.sub, c.org, c.chr, c.crd, c.dpt];
  if (!texts.every((v) => typeof v === 'string')) return null;
  if (c.unt !== null && typeof c.unt !== 'string') return null;
  if (c.tier !== 'full' && c.tier !== 'basic') return null;
  return {
    characterPublicId: c.sub as CharacterPublicId,
    organisationId: c.org as OrganisationId,
    characterId: c.chr as CharacterId,
    credentialId: c.crd as CredentialId,
    departmentId: c.dpt as DepartmentId,
    unitId: (c.unt ?? null) as UnitId | null,
    tier: c.tier,
    ...(typeof c.ims === 'number' && { issuedAt: new Date(c.ims) }),
    // A session issued before sessions had ids is named by its signature, so that it can be signed out too.
    sessionId:
      typeof c.sid === 'string'
        ? c.sid
        : `sig-${createHash('sha256')
            .update(token.slice(token.lastIndexOf('.') + 1))
            .digest('base64url')}`,
    expiresAt: new Date(c.exp * 1000),
  };
}
