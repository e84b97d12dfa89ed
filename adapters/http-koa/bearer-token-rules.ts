import type { KeyObject } from 'node:crypto';
import type { AccessGrant } from '../../domain/credential/access-grant.ts';

/**
 * How this transport checks bearer tokens: the options koa-jwt verifies them with, and how the
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
