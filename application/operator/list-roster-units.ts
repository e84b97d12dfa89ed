import type { Unit } from '../../domain/unit/unit.ts';
import type { CursorCodec } from '../ports/cursor-codec.ts';
import type { OrganisationRepository } from '../ports/organisation-repositories.ts';
import type { UnitRepository } from '../ports/unit-repository.ts';
import { OrganisationPages } from './organisation-pages.ts';

/** The organisation's units (or one department's), active or not, oldest first, a page at a time. */
export class ListRosterUnits extends OrganisationPages<Unit> {
  constructor(organisations: OrganisationRepository, units: UnitRepository, cursors: CursorCodec) {
    super(organisations, cursors, 'operator.units', 'roster.manage', (filter, page) => units.page(filter, page));
  }
}
