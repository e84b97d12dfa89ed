import type { Credential } from '../../domain/credential/credential.ts';
import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { CredentialId, OperatorKeyId, OrganisationId } from '../../domain/shared/ids.ts';

export interface CredentialRepository {
  get(id: CredentialId): Promise<Credential | null>;
  /** Reads the credential and holds it against concurrent writers until the transaction ends. */
  getForUpdate(id: CredentialId): Promise<Credential | null>;
  listByOrganisation(organisationId: OrganisationId): Promise<Credential[]>;
  save(credential: Credential): Promise<void>;
}

export interface OperatorKeyRepository {
  findByHash(keyHash: string): Promise<OperatorKey | null>;
  /** Reads the key and holds it against concurrent writers until the transaction ends. */
  getForUpdate(id: OperatorKeyId): Promise<OperatorKey | null>;
  /** The organisation's own keys, oldest first; never the bootstrap key. */
  listByOrganisation(organisationId: OrganisationId): Promise<OperatorKey[]>;
  findBootstrap(): Promise<OperatorKey | null>;
  save(key: OperatorKey): Promise<void>;
  remove(id: OperatorKeyId): Promise<void>;
  /**
   * Marks a generated bootstrap key as stored but not yet shown to the installer, or clears the
   * mark once it was. A mark found later means a start failed between storing and showing the key.
   * Saving the key again leaves the mark as it is; removing the key removes it.
   */
  markAwaitingDisplay(id: OperatorKeyId, awaiting: boolean): Promise<void>;
  /** The bootstrap key, if it is marked as never shown. */
  findBootstrapAwaitingDisplay(): Promise<OperatorKey | null>;
}
