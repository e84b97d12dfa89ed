import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SecretHasher } from '../../application/ports/secret-hasher.ts';

/**
 * HMAC-SHA-256 under the installation's hashing key. The secrets it hashes carry 256 bits (50 for
 * ten-minute link codes), so a keyed hash is enough; a slow password hash would only slow the
 * token exchange without adding strength.
 */
export class HmacSecretHasher implements SecretHasher {
  constructor(private readonly key: Buffer) {
    if (key.length < 32) throw new RangeError('the hashing key needs at least 256 bits');
  }

  hash(secret: string): string {
    return createHmac('sha256', this.key).update(secret, 'utf8').digest('base64url');
  }

  matches(secret: string, hash: string): boolean {
    const expected = Buffer.from(hash, 'base64url');
    const actual = createHmac('sha256', this.key).update(secret, 'utf8').digest();
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
}
