import { type KeyObject, createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { IssuedToken, TokenIssuer } from '../../application/ports/token-issuer.ts';
import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import { CREDENTIAL_KINDS, type CredentialKind } from '../../domain/credential/credential.ts';
import { type Scope, isApiScope, isBridgeScope } from '../../domain/credential/scope.ts';
import type { CredentialId, DepartmentId, OrganisationId } from '../../domain/shared/ids.ts';

export const TOKEN_ISSUER = 'cad-integration-service';
export const TOKEN_AUDIENCE = 'cad-integration';
export const TOKEN_ALGORITHM = 'HS256';

/** The claims of an access token; short names keep the heartbeat's Authorization header small. */
interface AccessClaims {
  sub: string;
  org: string;
  knd: string;
  dpt: string | null;
  scp: string[];
  lbl: string;
}

/**
 * HS256 access tokens signed with the installation's signing key, which every instance reads
 * from the shared database, so a token from one instance is accepted by all.
 */
export class JwtAccessTokens implements TokenIssuer {
  constructor(
    signingKey: Buffer,
    private readonly ttlSeconds: number,
  ) {
    this.key = createSecretKey(signingKey);
  }

  /**
   * As a secret KeyObject, made once: given raw bytes, jsonwebtoken first tries them as a public
   * key on every sign and verify, a failed parse on the heartbeat's hot path.
   */
  private readonly key: KeyObject;

  /** What a verifier (the HTTP guard, the realtime handshake) needs to accept exactly these tokens. */
  get verification() {
    return {
      secret: this.key,
      algorithms: [TOKEN_ALGORITHM] as jwt.Algorithm[],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
    };
  }

  issue(grant: AccessGrant, now: Date): IssuedToken {
    const claims: AccessClaims = {
      sub: grant.credentialId,
      org: grant.organisationId,
      knd: grant.kind,
      dpt: grant.departmentId,
      scp: [...grant.scopes],
      lbl: grant.label,
    };
    const iat = Math.floor(now.getTime() / 1000);
    const accessToken = jwt.sign({ ...claims, iat, exp: iat + this.ttlSeconds }, this.key, {
      algorithm: TOKEN_ALGORITHM,
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
    });
    return { accessToken, expiresIn: this.ttlSeconds };
  }

  /** Reads claims that a verifier has already checked back into a grant. */
  grantFromClaims(claims: unknown): AccessGrant | null {
    return grantFromClaims(claims);
  }

  /** Verifies signature, issuer, audience and expiry; null for any token that fails. */
  verify(token: string, now: Date): AccessGrant | null {
    try {
      const { secret, ...options } = this.verification;
      const payload = jwt.verify(token, secret, { ...options, clockTimestamp: Math.floor(now.getTime() / 1000) });
      return grantFromClaims(payload);
    } catch {
      return null;
    }
  }
}

/** Reads a verified payload back into a grant; anything of the wrong shape is no grant. */
export function grantFromClaims(payload: unknown): AccessGrant | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const c = payload as Partial<AccessClaims>;
  const kind = c.knd as CredentialKind;
  if (typeof c.sub !== 'string' || typeof c.org !== 'string' || typeof c.lbl !== 'string') return null;
  if (!CREDENTIAL_KINDS.includes(kind) || !Array.isArray(c.scp)) return null;
  if ((kind === 'game') !== (typeof c.dpt === 'string')) return null;
  // Any scope the service knows; whether it fits the kind and the route is the guard's to judge (403).
  if (!c.scp.every((s) => typeof s === 'string' && (isBridgeScope(s) || isApiScope(s)))) return null;
  const facts = { credentialId: c.sub as CredentialId, organisationId: c.org as OrganisationId, scopes: c.scp as Scope[], label: c.lbl };
  return kind === 'game'
    ? { ...facts, kind, departmentId: c.dpt as DepartmentId }
    : { ...facts, kind: 'generic_api_key', departmentId: null };
}
