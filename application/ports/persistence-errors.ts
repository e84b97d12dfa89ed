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
