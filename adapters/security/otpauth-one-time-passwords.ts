import { Secret, TOTP } from 'otpauth';
import type { OneTimePasswords } from '../../application/ports/one-time-passwords.ts';

const PERIOD = 30;

/** RFC 6238 with `otpauth`: SHA-1, six digits, 30-second steps, the defaults every authenticator app reads. */
export class OtpauthOneTimePasswords implements OneTimePasswords {
  constructor(private readonly issuer: string) {}

  newSecret(): string {
    return new Secret({ size: 20 }).base32;
  }

  address(secret: string, account: string): string {
    return new TOTP({ issuer: this.issuer, label: account, secret: Secret.fromBase32(secret), period: PERIOD }).toString();
  }

  stepOf(secret: string, code: string, now: Date): number | null {
    if (!/^[0-9]{6}$/.test(code)) return null;
    const totp = new TOTP({ secret: Secret.fromBase32(secret), period: PERIOD });
    const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
    return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
  }
}
