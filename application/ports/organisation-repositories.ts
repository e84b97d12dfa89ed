import type { Department } from '../../domain/organisation/department.ts';
import type { Organisation } from '../../domain/organisation/organisation.ts';
import type { DepartmentId, OrganisationId } from '../../domain/shared/ids.ts';
import type { KeysetPage } from './records-repositories.ts';

export interface OrganisationRepository {
  get(id: OrganisationId): Promise<Organisation | null>;
  /** Reads the organisation and holds it against concurrent writers until the transaction ends. */
  getForUpdate(id: OrganisationId): Promise<Organisation | null>;
  save(organisation: Organisation): Promise<void>;
  /** A keyset page of every organisation (the bootstrap key's list). */
  page(page: KeysetPage): Promise<Organisation[]>;
}

export interface DepartmentRepository {
  get(id: DepartmentId): Promise<Department | null>;
  findBySlug(organisationId: OrganisationId, slug: string): Promise<Department | null>;
  listByOrganisation(organisationId: OrganisationId): Promise<Department[]>;
  /** A keyset page of the organisation's departments. */
  page(organisationId: OrganisationId, page: KeysetPage): Promise<Department[]>;
  /** Throws `UniqueConstraintViolation('department_slug')` for a slug taken in the organisation. */
  save(department: Department): Promise<void>;
}
