import type { InstanceKeyStore } from '../../application/ports/instance-key-store.ts';
import type { MemoryDatabase, MemoryTable } from './memory-database.ts';

export class MemoryInstanceKeyStore implements InstanceKeyStore {
  private readonly keys: MemoryTable<string>;

  constructor(private readonly db: MemoryDatabase) {
    this.keys = db.table<string>('instance_keys');
  }

  getOrCreate(name: string, create: () => string): Promise<string> {
    return this.db.access(() => {
      const existing = this.keys.get(name);
      if (existing !== undefined) return existing;
      const created = create();
      this.keys.put(name, created);
      return created;
    });
  }
}
