import type { AccessGrant } from '../../domain/credential/access-grant.ts';

export interface IssuedToken {
  readonly accessToken: string;
  readonly expiresIn: number;
}

/** Signs short-lived access tokens that every instance of the service accepts. */
export interface TokenIssuer {
  issue(grant: AccessGrant, now: Date): IssuedToken;
}
