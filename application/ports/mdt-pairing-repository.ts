import type { MdtPairing } from '../../domain/roster/mdt-pairing.ts';

/** The pairings MDT pages started and that no player has confirmed yet (decision 0108). */
export interface MdtPairingRepository {
  /** Throws `UniqueConstraintViolation` (`MDT_PAIRING_CODE_RULE`) when a pairing with the same code is kept. */
  add(pairing: MdtPairing): Promise<void>;
  /** By the keyed hash of the page's pairing token. */
  get(pairingHash: string): Promise<MdtPairing | null>;
  /** By the keyed hash of its code, held against concurrent writers until the transaction ends. */
  getByCodeForUpdate(codeHash: string): Promise<MdtPairing | null>;
  /** Once a player's hand-off is bound to it, or once it lapsed. */
  remove(pairingHash: string): Promise<void>;
  /** Forgets up to `limit` pairings that lapsed by `now`; how many. */
  purge(now: Date, limit: number): Promise<number>;
}

export const MDT_PAIRING_CODE_RULE = 'mdt_pairings_code_hash_key';
