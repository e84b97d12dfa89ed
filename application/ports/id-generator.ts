/** Hands out new ids: UUIDs ordered by creation time, so keyset pages stay stable. */
export interface IdGenerator {
  next<Id extends string>(): Id;
}
