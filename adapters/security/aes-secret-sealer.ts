import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { SecretSealer } from '../../application/ports/secret-sealer.ts';

/**
 * AES-256-GCM under a key derived (HKDF-SHA-256) from the installation's hashing key, so every
 * instance reads what another sealed. A sealed text is `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export class AesSecretSealer implements SecretSealer {
  private readonly key: Buffer;

  constructor(installationKey: Buffer, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', installationKey, Buffer.alloc(0), `cad sealed secrets: ${purpose}`, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  open(sealed: string): string | null {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
