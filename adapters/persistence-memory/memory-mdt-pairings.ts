import { MDT_PAIRING_CODE_RULE, type MdtPairingRepository } from '../../application/ports/mdt-pairing-repository.ts';
import type { MdtPairing } from '../../domain/roster/mdt-pairing.ts';
import type { MemoryDatabase, MemoryTable } from './memory-database.ts';

/** The pages' pairings in process memory; one per code, as the database's unique index has it. */
export class MemoryMdtPairings implements MdtPairingRepository {
  private readonly rows: MemoryTable<MdtPairing>;

  constructor(private readonly db: MemoryDatabase) {
    this.rows = db.table<MdtPairing>('mdt_pairings', [{ name: MDT_PAIRING_CODE_RULE, key: (row) => row.codeHash }]);
  }

  add(pairing: MdtPairing) {
    return this.db.access(() => this.rows.put(pairing.pairingHash, { ...pairing }));
  }

  get(pairingHash: string) {
    return this.db.access(() => this.rows.get(pairingHash) ?? null);
  }

  /** Transactions here are serialisable already; nothing more to hold. */
  getByCodeForUpdate(codeHash: string) {
    return this.db.access(() => this.rows.find((row) => row.codeHash === codeHash) ?? null);
  }

  remove(pairingHash: string) {
    return this.db.access(() => this.rows.delete(pairingHash));
  }

  purge(now: Date, limit: number) {
    return this.db.access(() => {
      const lapsed = this.rows.filter((row) => row.expiresAt <= now).slice(0, Math.max(0, limit));
      for (const row of lapsed) this.rows.delete(row.pairingHash);
      return lapsed.length;
    });
  }
}
