import type { MdtHandoff } from '../../domain/roster/mdt-handoff.ts';
import type { CharacterId, CredentialId } from '../../domain/shared/ids.ts';

export interface MdtHandoffRepository {
  /** Reads the hand-off and holds it against concurrent writers until the transaction ends. */
  getForUpdate(tokenHash: string): Promise<MdtHandoff | null>;
  /** The hand-off a waiting page opened, by the keyed hash of its pairing token, held likewise. */
  getByPairingForUpdate(pairingHash: string): Promise<MdtHandoff | null>;
  /**
   * The hand-offs of this character through this credential that a page opened and that wait for a
   * code, newest first, held likewise.
   */
  awaitingConfirmation(characterId: CharacterId, credentialId: CredentialId, since: Date): Promise<MdtHandoff[]>;
  save(handoff: MdtHandoff): Promise<void>;
}
