import type { Membership } from '../../domain/roster/membership.ts';
import type { CursorCodec } from '../ports/cursor-codec.ts';
import type { OrganisationRepository } from '../ports/organisation-repositories.ts';
import type { MembershipRepository } from '../ports/roster-repositories.ts';
import { OrganisationPages } from './organisation-pages.ts';

/** Department memberships of the organisation (or of one of its departments), oldest first, a page at a time. */
export class ListMembers extends OrganisationPages<Membership> {
  constructor(organisations: OrganisationRepository, memberships: MembershipRepository, cursors: CursorCodec) {
    super(organisations, cursors, 'operator.members', 'roster.manage', (filter, page) => memberships.page(filter, page));
  }
}
