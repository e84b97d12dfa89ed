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
}
