import type { DepartmentRepository, OrganisationRepository } from '../../application/ports/organisation-repositories.ts';
import { Department, type DepartmentState } from '../../domain/organisation/department.ts';
import { Organisation, type OrganisationState } from '../../domain/organisation/organisation.ts';
import type { DepartmentId, OrganisationId } from '../../domain/shared/ids.ts';
import type { MemoryDatabase } from './memory-database.ts';
import type { KeysetPage } from '../../application/ports/records-repositories.ts';
import { SnapshotTable, byText, keysetPage } from './snapshot-table.ts';

export class MemoryOrganisationRepository implements OrganisationRepository {
  private readonly rows: SnapshotTable<OrganisationState, Organisation>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'organisations', Organisation.restore);
  }

  get(id: OrganisationId) {
    return this.rows.get(id);
  }

  /** Transactions here are serialisable already; nothing more to hold. */
  getForUpdate(id: OrganisationId) {
    return this.rows.get(id);
  }

  save(organisation: Organisation) {
    return this.rows.save(organisation.snapshot());
  }

  page(page: KeysetPage) {
    return keysetPage(this.rows, () => true, page);
  }
}

export class MemoryDepartmentRepository implements DepartmentRepository {
  private readonly rows: SnapshotTable<DepartmentState, Department>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'departments', Department.restore, [
      { name: 'department_slug', key: (d) => `${d.organisationId}/${d.slug}` },
    ]);
  }

  get(id: DepartmentId) {
    return this.rows.get(id);
  }

  findBySlug(organisationId: OrganisationId, slug: string) {
    return this.rows.find((d) => d.organisationId === organisationId && d.slug === slug);
  }

  listByOrganisation(organisationId: OrganisationId) {
    return this.rows.filter(
      (d) => d.organisationId === organisationId,
      (a, b) => byText(a.slug, b.slug),
    );
  }

  page(organisationId: OrganisationId, page: KeysetPage) {
    return keysetPage(this.rows, (d) => d.organisationId === organisationId, page);
  }

  save(department: Department) {
    return this.rows.save(department.snapshot());
  }
}
