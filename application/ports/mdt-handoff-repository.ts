import type { MdtHandoff } from '../../domain/roster/mdt-handoff.ts';

export interface MdtHandoffRepository {
  /** Reads the hand-off and holds it against concurrent writers until the transaction ends. */
  getForUpdate(tokenHash: string): Promise<MdtHandoff | null>;
  save(handoff: MdtHandoff): Promise<void>;
}
