import { LockMode } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import type { CredentialRepository, OperatorKeyRepository } from '../../../application/ports/credential-repositories.ts';
import type { Credential } from '../../../domain/credential/credential.ts';
import type { OperatorKey } from '../../../domain/operator/operator-key.ts';
import type { CredentialId, OperatorKeyId, OrganisationId } from '../../../domain/shared/ids.ts';
import { MappedTable } from '../mapped-table.ts';
import { credentialFromRecord, credentialToRecord, operatorKeyFromRecord, operatorKeyToRecord } from '../mappers/credential-mappers.ts';
import type { OrmSession } from '../orm-session.ts';
import { CredentialRecord, OperatorKeyRecord } from '../records/credential-records.ts';

export class MikroOrmCredentialRepository implements CredentialRepository {
  private readonly rows: MappedTable<CredentialRecord, Credential>;

  constructor(session: OrmSession) {
    this.rows = new MappedTable(session, CredentialRecord, credentialFromRecord);
  }

  get = (id: CredentialId) => this.rows.one({ id });
  getForUpdate = (id: CredentialId) => this.rows.one({ id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  listByOrganisation = (organisationId: OrganisationId) => this.rows.many({ organisationId }, { orderBy: { id: 'asc' } });
  save = (credential: Credential) => this.rows.put(credentialToRecord(credential));
}

export class MikroOrmOperatorKeyRepository implements OperatorKeyRepository {
  private readonly rows: MappedTable<OperatorKeyRecord, OperatorKey>;

  constructor(private readonly session: OrmSession) {
    this.rows = new MappedTable(session, OperatorKeyRecord, operatorKeyFromRecord);
  }

  findByHash = (keyHash: string) => this.rows.one({ keyHash });
  findBootstrap = () => this.rows.one({ organisationId: null });
  getForUpdate = (id: OperatorKeyId) => this.rows.one({ id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  listByOrganisation = (organisationId: OrganisationId) => this.rows.many({ organisationId }, { orderBy: { id: 'asc' } });
  save = (key: OperatorKey) => this.rows.put(operatorKeyToRecord(key));
  remove = (id: OperatorKeyId) => this.rows.remove({ id });

  // The mark is a column outside the record, so that saving a key (an upsert of the record's
  // columns) never touches it.
  markAwaitingDisplay = async (id: OperatorKeyId, awaiting: boolean) => {
    await this.sql().execute('update operator_keys set awaiting_display = ? where id = ?', [awaiting, id]);
  };

  findBootstrapAwaitingDisplay = async () => {
    const [row] = await this.sql().execute<{ id: string }[]>(
      'select id from operator_keys where organisation_id is null and awaiting_display',
    );
    return row === undefined ? null : this.rows.one({ id: row.id });
  };

  private sql(): SqlEntityManager {
    return this.session.em() as unknown as SqlEntityManager;
  }
}
