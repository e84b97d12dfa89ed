import { LockMode } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import type { MdtPairingRepository } from '../../../application/ports/mdt-pairing-repository.ts';
import type { MdtPairing } from '../../../domain/roster/mdt-pairing.ts';
import type { OrmSession } from '../orm-session.ts';
import { MdtPairingRecord } from '../records/bridge-records.ts';
import { rawNumber } from '../raw-values.ts';

/** Rows another transaction holds are passed over: the sweep never makes a page wait. */
const PURGE = `with gone as (
    delete from mdt_pairings where ctid = any(array(
      select ctid from mdt_pairings where expires_at <= ? limit ? for update skip locked))
    returning 1)
  select count(*) as purged from gone`;

const fromRecord = (r: MdtPairingRecord): MdtPairing => ({
  pairingHash: r.pairingHash,
  codeHash: r.codeHash,
  openedAt: r.openedAt,
  expiresAt: r.expiresAt,
});

export class MikroOrmMdtPairings implements MdtPairingRepository {
  constructor(private readonly session: OrmSession) {}

  async add(pairing: MdtPairing): Promise<void> {
    await this.session.write((em) => em.insert(MdtPairingRecord, { ...pairing }));
  }

  async get(pairingHash: string): Promise<MdtPairing | null> {
    const row = await this.session.em().findOne(MdtPairingRecord, { pairingHash }, { disableIdentityMap: true });
    return row === null ? null : fromRecord(row);
  }

  /** `SELECT ... FOR UPDATE`: two players typing the same code are served one after the other. */
  async getByCodeForUpdate(codeHash: string): Promise<MdtPairing | null> {
    const row = await this.session
      .em()
      .findOne(MdtPairingRecord, { codeHash }, { lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true });
    return row === null ? null : fromRecord(row);
  }

  async remove(pairingHash: string): Promise<void> {
    await this.session.write((em) => em.nativeDelete(MdtPairingRecord, { pairingHash }));
  }

  async purge(now: Date, limit: number): Promise<number> {
    if (limit <= 0) return 0;
    const [row] = await (this.session.em() as unknown as SqlEntityManager).execute<Array<{ purged: unknown }>>(PURGE, [now, limit]);
    return rawNumber(row?.purged);
  }
}
