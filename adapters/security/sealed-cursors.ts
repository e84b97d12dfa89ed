import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { CursorCodec, CursorPosition } from '../../application/ports/cursor-codec.ts';
import { isUuid } from '../../domain/shared/ids.ts';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const UUID_BYTES = 16;

/**
 * Cursors sealed with AES-256-GCM under a key derived from the installation's signing key: the
 * client sees random-looking bytes (opaque), and any edit fails authentication (tamper-evident).
 * The list, organisation and filters are authenticated as associated data, so a cursor opens
 * only for the request it continues. Every instance derives the same key, so any instance
 * continues a walk another began.
 */
export class SealedCursors implements CursorCodec {
  private readonly key: Buffer;

  constructor(installationKey: Buffer) {
    this.key = Buffer.from(hkdfSync('sha256', installationKey, Buffer.alloc(0), 'cad-integration cursor v1', 32));
  }

  seal(position: CursorPosition): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(binding(position));
    const sealed = Buffer.concat([cipher.update(Buffer.from(position.after.replaceAll('-', ''), 'hex')), cipher.final()]);
    return Buffer.concat([nonce, sealed, cipher.getAuthTag()]).toString('base64url');
  }

  open(cursor: string, expected: Omit<CursorPosition, 'after'>): string | null {
    const raw = Buffer.from(cursor, 'base64url');
    if (raw.length !== NONCE_BYTES + UUID_BYTES + TAG_BYTES || raw.toString('base64url') !== cursor) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, NONCE_BYTES));
      decipher.setAAD(binding(expected));
      decipher.setAuthTag(raw.subarray(NONCE_BYTES + UUID_BYTES));
      const hex = Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES, NONCE_BYTES + UUID_BYTES)), decipher.final()]).toString('hex');
      const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      return isUuid(id) ? id : null;
    } catch {
      return null;
    }
  }
}

function binding(position: Omit<CursorPosition, 'after'>): Buffer {
  return Buffer.from(JSON.stringify([position.list, position.organisationId, position.filters]));
}
