import { randomBytes } from 'node:crypto';
import type { SecretGenerator } from '../../application/ports/secret-generator.ts';

const SECRET_BYTES = 32; // 256 bits

export class CryptoSecretGenerator implements SecretGenerator {
  secret(prefix: string): string {
    return prefix + randomBytes(SECRET_BYTES).toString('base64url');
  }

  randomBytes(length: number): Uint8Array {
    return new Uint8Array(randomBytes(length));
  }
}

/** A new random installation key, as stored in the instance key store. */
export function newInstanceKey(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}
