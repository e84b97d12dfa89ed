import type { CredentialRepository, OperatorKeyRepository } from '../../application/ports/credential-repositories.ts';
import { Credential, type CredentialState } from '../../domain/credential/credential.ts';
import { OperatorKey, type OperatorKeyState } from '../../domain/operator/operator-key.ts';
import type { CredentialId, OperatorKeyId, OrganisationId } from '../../domain/shared/ids.ts';
import type { MemoryDatabase } from './memory-database.ts';
import { SnapshotTable, byText } from './snapshot-table.ts';

export class MemoryCredentialRepository implements CredentialRepository {
  private readonly rows: SnapshotTable<CredentialState, Credential>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'credentials', Credential.restore);
  }

  get(id: CredentialId) {
    return this.rows.get(id);
  }

  /** Transactions here are serialisable already; nothing more to hold. */
  getForUpdate(id: CredentialId) {
    return this.rows.get(id);
  }

  listByOrganisation(organisationId: OrganisationId) {
    return this.rows.filter(
      (c) => c.organisationId === organisationId,
      (a, b) => byText(a.id, b.id),
    );
  }

  save(credential: Credential) {
    return this.rows.save(credential.snapshot());
  }
}

export class MemoryOperatorKeyRepository implements OperatorKeyRepository {
  private readonly rows: SnapshotTable<OperatorKeyState, OperatorKey>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'operator_keys', OperatorKey.restore, [
      { name: 'operator_key_hash', key: (k) => k.keyHash },
      { name: 'bootstrap_key', key: (k) => (k.organisationId === null ? 'bootstrap' : null) },
    ]);
  }

  findByHash(keyHash: string) {
    return this.rows.find((k) => k.keyHash === keyHash);
  }

  findBootstrap() {
    return this.rows.find((k) => k.organisationId === null);
  }

  /** Transactions here are serialisable already; nothing more to hold. */
  getForUpdate(id: OperatorKeyId) {
    return this.rows.get(id);
  }

  listByOrganisation(organisationId: OrganisationId) {
    return this.rows.filter(
      (k) => k.organisationId === organisationId,
      (a, b) => byText(a.id, b.id),
    );
  }

  save(key: OperatorKey) {
    return this.rows.save(key.snapshot());
  }

  remove(id: OperatorKeyId) {
    return this.rows.delete(id);
  }
}
