import type { DepartmentRepository, OrganisationRepository } from '../../../application/ports/organisation-repositories.ts';
import type { Department } from '../../../domain/organisation/department.ts';
import type { Organisation } from '../../../domain/organisation/organisation.ts';
import type { DepartmentId, OrganisationId } from '../../../domain/shared/ids.ts';
import {
  departmentFromRecord,
  departmentToRecord,
  organisationFromRecord,
  organisationToRecord,
} from '../mappers/organisation-mappers.ts';
import type { OrmSession } from '../orm-session.ts';
import { DepartmentRecord, OrganisationRecord } from '../records/organisation-records.ts';

export class MikroOrmOrganisationRepository implements OrganisationRepository {
  constructor(private readonly session: OrmSession) {}

  async get(id: OrganisationId) {
    const record = await this.session.em().findOne(OrganisationRecord, { id });
    return record && organisationFromRecord(record);
  }

  async save(organisation: Organisation) {
    await this.session.write((em) => em.upsert(OrganisationRecord, organisationToRecord(organisation)));
  }
}

export class MikroOrmDepartmentRepository implements DepartmentRepository {
  constructor(private readonly session: OrmSession) {}

  async get(id: DepartmentId) {
    const record = await this.session.em().findOne(DepartmentRecord, { id });
    return record && departmentFromRecord(record);
  }

  async findBySlug(organisationId: OrganisationId, slug: string) {
    const record = await this.session.em().findOne(DepartmentRecord, { organisationId, slug });
    return record && departmentFromRecord(record);
  }

  async listByOrganisation(organisationId: OrganisationId) {
    const records = await this.session.em().find(DepartmentRecord, { organisationId }, { orderBy: { slug: 'asc' } });
    return records.map(departmentFromRecord);
  }

  async save(department: Department) {
    await this.session.write((em) => em.upsert(DepartmentRecord, departmentToRecord(department)));
  }
}
