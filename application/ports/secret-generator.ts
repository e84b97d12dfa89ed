/** Unguessable material from a cryptographic source. */
export interface SecretGenerator {
  /** A secret of at least 256 bits, written with the given prefix (`cad_cs_...`). */
  secret(prefix: string): string;
  randomBytes(length: number): Uint8Array;
}
