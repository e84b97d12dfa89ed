import type { Persistence } from '../application/ports/persistence.ts';
import { createMemoryPersistence } from '../adapters/persistence-memory/memory-persistence.ts';
import type { StaleLockNotice } from '../adapters/persistence-mikro-orm/data-directory-lock.ts';
import { openMikroOrmPersistence } from '../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import type { DatabaseNotice } from '../adapters/persistence-mikro-orm/postgres-database.ts';

/** Told once the database is open: which one, whether this start created it, which migrations it applied. */
type OnOpened = { readonly onOpened?: (notice: DatabaseNotice) => void };

/**
 * Where the service keeps its data: in process memory; in embedded PostgreSQL (PGlite), in a
 * directory or, without one, in memory; on a PostgreSQL server, optionally in one schema; or in a
 * store the host provides.
 */
export type StorageOption =
  | { readonly kind: 'memory' }
  /**
   * A directory is locked while it is open: a second process that opens it is refused. A lock left
   * by a process that no longer runs is taken over, and `onStaleLock` is told (decision 0029).
   */
  | ({ readonly kind: 'embedded'; readonly dataDir?: string; readonly onStaleLock?: (notice: StaleLockNotice) => void } & OnOpened)
  /**
   * A database missing on the server is refused, naming it, unless `createDatabase` is set: a
   * misspelt name must not become a new empty database.
   */
  | ({ readonly kind: 'postgres'; readonly url: string; readonly schema?: string; readonly createDatabase?: boolean } & OnOpened)
  /** A store the host built itself, with any adapter that honours the ports. */
  | { readonly kind: 'provided'; readonly persistence: Persistence };

/** Opens the store and brings its schema up to date. */
export function openStorage(storage: StorageOption): Promise<Persistence> {
  switch (storage.kind) {
    case 'memory':
      return Promise.resolve(createMemoryPersistence());
    case 'embedded':
      return openMikroOrmPersistence({
        kind: 'pglite',
        dataDir: storage.dataDir,
        onStaleLock: storage.onStaleLock,
        onOpened: storage.onOpened,
      });
    case 'postgres':
      return openMikroOrmPersistence(storage);
    case 'provided':
      return Promise.resolve(storage.persistence);
  }
}
