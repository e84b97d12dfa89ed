import type { Department } from '../../domain/organisation/department.ts';
import type { CursorCodec } from '../ports/cursor-codec.ts';
import type { DepartmentRepository, OrganisationRepository } from '../ports/organisation-repositories.ts';
import { OrganisationPages } from './organisation-pages.ts';

/** The organisation's departments, active or not, oldest first, a page at a time. */
export class ListDepartments extends OrganisationPages<Department> {
  constructor(organisations: OrganisationRepository, departments: DepartmentRepository, cursors: CursorCodec) {
    super(organisations, cursors, 'operator.departments', 'organisation.settings.manage', (filter, page) =>
      departments.page(filter.organisationId, page),
    );
  }
}
