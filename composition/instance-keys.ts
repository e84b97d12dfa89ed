import type { InstanceKeyStore } from '../application/ports/instance-key-store.ts';
import { newInstanceKey } from '../adapters/security/crypto-secret-generator.ts';

/** The installation's own keys; every instance on the same database shares them. */
export interface InstanceKeys {
  readonly signing: Buffer;
  readonly hashing: Buffer;
}

export async function loadInstanceKeys(store: InstanceKeyStore): Promise<InstanceKeys> {
  const [signing, hashing] = await Promise.all([
    store.getOrCreate('access-token-signing', newInstanceKey),
    store.getOrCreate('secret-hashing', newInstanceKey),
  ]);
  return { signing: Buffer.from(signing, 'base64url'), hashing: Buffer.from(hashing, 'base64url') };
}
