/**
 * Where a keyset walk stopped, bound to the list it walks: a cursor is only good for the same
 * list, organisation and filters it was issued for.
 */
export interface CursorPosition {
  /** Which list, e.g. `records.civilians`. */
  readonly list: string;
  readonly organisationId: string;
  /** The filters of the request, canonical (same filters, same string). */
  readonly filters: string;
  /** The id of the last row handed out. */
  readonly after: string;
}

/**
 * Seals positions into opaque, tamper-evident cursors and opens them again. Clients cannot build
 * or edit one: an edited, foreign or malformed cursor opens to null.
 */
export interface CursorCodec {
  seal(position: CursorPosition): string;
  /** The `after` id when the cursor was sealed by this installation for exactly this list; else null. */
  open(cursor: string, expected: Omit<CursorPosition, 'after'>): string | null;
}
