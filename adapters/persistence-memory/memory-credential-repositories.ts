import type { CredentialRepository, OperatorKeyRepository } from '../../application/ports/credential-repositories.ts';
import { Credential, type CredentialState } from '../../domain/credential/credential.ts';
import { OperatorKey, type OperatorKeyState } from '../../domain/operator/operator-key.ts';
import type { CredentialId, OperatorKeyId, OrganisationId } from '../../domain/shared/ids.ts';
import type { MemoryDatabase, MemoryTable } from './memory-database.ts';
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
  /** Ids of keys awaiting display, beside the keys as a column would be. */
  private readonly awaitingDisplay: MemoryTable<true>;

  constructor(private readonly db: MemoryDatabase) {
    this.awaitingDisplay = db.table<true>('operator_keys_awaiting_display');
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

  async remove(id: OperatorKeyId) {
    await this.rows.delete(id);
    await this.db.access(() => this.awaitingDisplay.delete(id));
  }

  async markAwaitingDisplay(id: OperatorKeyId, awaiting: boolean) {
    if ((await this.rows.get(id)) === null) return;
    await this.db.access(() => (awaiting ? this.awaitingDisplay.put(id, true) : this.awaitingDisplay.delete(id)));
  }

  async findBootstrapAwaitingDisplay() {
    const bootstrap = await this.findBootstrap();
    if (bootstrap === null) return null;
    return (await this.db.access(() => this.awaitingDisplay.get(bootstrap.id))) ? bootstrap : null;
  }
}
