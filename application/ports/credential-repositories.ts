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
  findBootstrap(): Promise<OperatorKey | null>;
  save(key: OperatorKey): Promise<void>;
  remove(id: OperatorKeyId): Promise<void>;
}
