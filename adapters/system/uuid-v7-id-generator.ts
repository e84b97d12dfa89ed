import { v7 } from 'uuid';
import type { IdGenerator } from '../../application/ports/id-generator.ts';

/** UUIDv7: random, yet ordered by creation time, so keyset pages on ids stay stable. */
export class UuidV7IdGenerator implements IdGenerator {
  next<Id extends string>(): Id {
    return v7() as Id;
  }
}
