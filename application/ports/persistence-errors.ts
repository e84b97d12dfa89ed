/**
 * Thrown by a repository when a write would break a uniqueness rule that a concurrent writer
 * got to first (two departments with one slug, say). Use cases check first; this is the backstop.
 */
export class UniqueConstraintViolation extends Error {
  constructor(readonly constraint: string) {
    super(`unique constraint ${constraint} violated`);
    this.name = 'UniqueConstraintViolation';
  }
}

/**
 * Thrown by any store operation when the store cannot be reached: the connection was refused,
 * dropped or timed out, or the server is shutting down or starting. Nothing of the operation was
 * committed unless the connection dropped during the commit itself. Transports answer it as a
 * temporary unavailability, never as a bug.
 */
export class StoreUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`the store is unavailable: ${reason}`);
    this.name = 'StoreUnavailable';
  }
}
