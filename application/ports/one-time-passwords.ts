/** Time-based one-time passwords (RFC 6238) as authenticator apps make them. */
export interface OneTimePasswords {
  /** A new shared secret (base32) for an authenticator app. */
  newSecret(): string;
  /** The `otpauth://` address an app reads (as text, or as a QR code of it). */
  address(secret: string, account: string): string;
  /** The 30-second step the code belongs to, when it is right at `now` (one step of drift either way), else null. */
  stepOf(secret: string, code: string, now: Date): number | null;
}
