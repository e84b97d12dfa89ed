import type { Department } from '../../domain/organisation/department.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { OrganisationPages } from './organisation-pages.ts';

/** The organisation's departments, active or not, oldest first, a page at a time. */
export class ListDepartments extends OrganisationPages<Department> {
  constructor(ports: Pick<Ports, 'organisations' | 'departments' | 'cursors'>) {
    super(ports.organisations, ports.cursors, 'operator.departments', 'organisation.settings.manage', (filter, page) =>
      ports.departments.page(filter.organisationId, page),
    );
  }
}
