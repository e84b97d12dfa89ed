import type { KeyObject } from 'node:crypto';
import type { MdtSession } from '../../application/ports/mdt-session-issuer.ts';
import type { AccessGrant } from '../../domain/credential/access-grant.ts';

/**
 * How this transport checks bearer tokens: the key and options they are verified with, and how the
 * verified claims read as a grant. The token adapter provides both; this transport knows no more.
 */
export interface BearerTokenRules {
  readonly verification: {
    readonly secret: KeyObject;
    readonly algorithms: string[];
    readonly issuer: string;
    readonly audience: string;
  };
  grantFromClaims(claims: unknown): AccessGrant | null;
}

/** How this transport checks an MDT session: its own audience, so no access token passes, and none the other way. */
export interface MdtSessionRules {
  /** The session the token carries; null for any token that is not a valid, unexpired MDT session. */
  verify(token: string, now: Date): MdtSession | null;
}
