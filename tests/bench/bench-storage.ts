import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StorageOption } from '../../composition/storage.ts';
import { dropSchema, freshSchemaName } from '../support/postgres.ts';

/**
 * Where a benchmark's service keeps its data: PostgreSQL in a fresh schema when DATABASE_URL is
 * set, else the embedded PGlite in a temporary directory. `remove` drops either afterwards.
 */
export async function benchStorage(label: string) {
  const url = process.env['DATABASE_URL'];
  const schema = url === undefined ? null : freshSchemaName(label);
  const dataDir = url === undefined ? await mkdtemp(join(tmpdir(), 'cad-bench-')) : null;
  const storage: StorageOption = url === undefined ? { kind: 'embedded', dataDir: dataDir! } : { kind: 'postgres', url, schema: schema! };
  return {
    storage,
    name: url === undefined ? 'embedded PGlite (temporary directory)' : `PostgreSQL (schema ${schema})`,
    /** The same store, for the one-statement baseline: PostgreSQL's schema, or none (its own PGlite). */
    target: url === undefined ? undefined : { url, schema: schema! },
    remove: async () => {
      if (schema !== null) await dropSchema(url!, schema);
      if (dataDir !== null) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
