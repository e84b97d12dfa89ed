import type { Unit } from '../../domain/unit/unit.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { OrganisationPages } from './organisation-pages.ts';

/** The organisation's units (or one department's), active or not, oldest first, a page at a time. */
export class ListRosterUnits extends OrganisationPages<Unit> {
  constructor(ports: Pick<Ports, 'organisations' | 'units' | 'cursors'>) {
    super(ports.organisations, ports.cursors, 'operator.units', 'roster.manage', (filter, page) => ports.units.page(filter, page));
  }
}
