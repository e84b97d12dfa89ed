/** Slow, salted hashing of what people choose (passwords), as opposed to the keyed hash of machine secrets. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Whether the password is the one hashed; a malformed stored hash is false. */
  verify(stored: string, password: string): Promise<boolean>;
  /** The same work as `verify`, against a hash of nothing: an unknown name costs what a wrong password costs. */
  verifyNothing(password: string): Promise<void>;
}

/** Whether a new password is one that people commonly choose (a list a maintained package ships, and its guessability). */
export interface CommonPasswords {
  isCommon(password: string, personal: readonly string[]): boolean;
}
