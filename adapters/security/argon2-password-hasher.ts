import { hash, hashSync, verify } from '@node-rs/argon2';
import type { PasswordHasher } from '../../application/ports/password-hasher.ts';

/** argon2id (the const enum `Algorithm.Argon2id` of @node-rs/argon2, written as its value). */
const ARGON2ID = 2;

/**
 * argon2id with OWASP's minimum for it: 19 MiB of memory, two passes, one lane. The parameters
 * travel in each stored hash, so raising them later leaves existing hashes verifiable.
 */
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export class Argon2PasswordHasher implements PasswordHasher {
  /** A hash of a random string, made once: verifying against it costs what a real verification costs. */
  private readonly nothing = hashSync(crypto.randomUUID(), ARGON2_OPTIONS);

  hash(password: string): Promise<string> {
    return hash(password, ARGON2_OPTIONS);
  }

  async verify(stored: string, password: string): Promise<boolean> {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }

  async verifyNothing(password: string): Promise<void> {
    await this.verify(this.nothing, password);
  }
}
