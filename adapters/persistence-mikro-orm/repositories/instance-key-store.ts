import type { InstanceKeyStore } from '../../../application/ports/instance-key-store.ts';
import type { OrmSession } from '../orm-session.ts';
import { InstanceKeyRecord } from '../records/installation-records.ts';

export class MikroOrmInstanceKeyStore implements InstanceKeyStore {
  constructor(private readonly session: OrmSession) {}

  /** Insert-if-absent, then read: whichever instance inserts first, every instance reads its key. */
  async getOrCreate(name: string, create: () => string): Promise<string> {
    await this.session.em().upsert(InstanceKeyRecord, { name, value: create() }, { onConflictAction: 'ignore' });
    const stored = await this.session.em().findOneOrFail(InstanceKeyRecord, { name });
    return stored.value;
  }
}
