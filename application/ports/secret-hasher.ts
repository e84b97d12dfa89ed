/**
 * Keyed hashing of high-entropy secrets (client secrets, operator keys, link codes), so that
 * none of them is ever stored as written.
 */
export interface SecretHasher {
  hash(secret: string): string;
  /** Compares in constant time. */
  matches(secret: string, hash: string): boolean;
}
