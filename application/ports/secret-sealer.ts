/**
 * Authenticated encryption of secrets the service must read back (an authenticator's TOTP key,
 * a sign-in's pending second step): never stored or handed out in plain text, and any change to a
 * sealed text makes it unreadable.
 */
export interface SecretSealer {
  seal(plain: string): string;
  /** The plain text, or null when the sealed text was not made by this installation or was altered. */
  open(sealed: string): string | null;
}
