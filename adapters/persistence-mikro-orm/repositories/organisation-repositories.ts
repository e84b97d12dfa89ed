import { LockMode } from '@mikro-orm/core';
import type { DepartmentRepository, OrganisationRepository } from '../../../application/ports/organisation-repositories.ts';
import type { Department } from '../../../domain/organisation/department.ts';
import type { Organisation } from '../../../domain/organisation/organisation.ts';
import type { DepartmentId, OrganisationId } from '../../../domain/shared/ids.ts';
import type { KeysetPage } from '../../../application/ports/records-repositories.ts';
import { MappedTable, keysetPage } from '../mapped-table.ts';
import { departmentFromRecord, departmentToRecord, organisationFromRecord, organisationToRecord } from '../mappers/organisation-mappers.ts';
import type { OrmSession } from '../orm-session.ts';
import { DepartmentRecord, OrganisationRecord } from '../records/organisation-records.ts';

export class MikroOrmOrganisationRepository implements OrganisationRepository {
  private readonly rows: MappedTable<OrganisationRecord, Organisation>;

  constructor(session: OrmSession) {
    this.rows = new MappedTable(session, OrganisationRecord, organisationFromRecord);
  }

  get = (id: OrganisationId) => this.rows.one({ id });
  getForUpdate = (id: OrganisationId) => this.rows.one({ id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  save = (organisation: Organisation) => this.rows.put(organisationToRecord(organisation));
  page = (page: KeysetPage) => keysetPage(this.rows, [], page);
}

export class MikroOrmDepartmentRepository implements DepartmentRepository {
  private readonly rows: MappedTable<DepartmentRecord, Department>;

  constructor(session: OrmSession) {
    this.rows = new MappedTable(session, DepartmentRecord, departmentFromRecord);
  }

  get = (id: DepartmentId) => this.rows.one({ id });
  findBySlug = (organisationId: OrganisationId, slug: string) => this.rows.one({ organisationId, slug });
  listByOrganisation = (organisationId: OrganisationId) => this.rows.many({ organisationId }, { orderBy: { slug: 'asc' } });
  page = (organisationId: OrganisationId, page: KeysetPage) => keysetPage(this.rows, [{ organisationId }], page);
  save = (department: Department) => this.rows.put(departmentToRecord(department));
}
