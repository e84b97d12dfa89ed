import type { CredentialRepository, OperatorKeyRepository } from '../../../application/ports/credential-repositories.ts';
import type { Credential } from '../../../domain/credential/credential.ts';
import type { OperatorKey } from '../../../domain/operator/operator-key.ts';
import type { CredentialId, OperatorKeyId, OrganisationId } from '../../../domain/shared/ids.ts';
import {
  credentialFromRecord,
  credentialToRecord,
  operatorKeyFromRecord,
  operatorKeyToRecord,
} from '../mappers/credential-mappers.ts';
import type { OrmSession } from '../orm-session.ts';
import { CredentialRecord, OperatorKeyRecord } from '../records/credential-records.ts';

export class MikroOrmCredentialRepository implements CredentialRepository {
  constructor(private readonly session: OrmSession) {}

  async get(id: CredentialId) {
    const record = await this.session.em().findOne(CredentialRecord, { id });
    return record && credentialFromRecord(record);
  }

  async listByOrganisation(organisationId: OrganisationId) {
    const records = await this.session.em().find(CredentialRecord, { organisationId }, { orderBy: { id: 'asc' } });
    return records.map(credentialFromRecord);
  }

  async save(credential: Credential) {
    await this.session.write((em) => em.upsert(CredentialRecord, credentialToRecord(credential)));
  }
}

export class MikroOrmOperatorKeyRepository implements OperatorKeyRepository {
  constructor(private readonly session: OrmSession) {}

  async findByHash(keyHash: string) {
    const record = await this.session.em().findOne(OperatorKeyRecord, { keyHash });
    return record && operatorKeyFromRecord(record);
  }

  async findBootstrap() {
    const record = await this.session.em().findOne(OperatorKeyRecord, { organisationId: null });
    return record && operatorKeyFromRecord(record);
  }

  async save(key: OperatorKey) {
    await this.session.write((em) => em.upsert(OperatorKeyRecord, operatorKeyToRecord(key)));
  }

  async remove(id: OperatorKeyId) {
    await this.session.em().nativeDelete(OperatorKeyRecord, { id });
  }
}
