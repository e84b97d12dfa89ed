import type { OrganisationId, PersonId } from '../shared/ids.ts';
import type { RoleName } from './role.ts';

/** A person's place in an organisation: their role there. One per person and organisation. */
export interface PersonMembership {
  readonly personId: PersonId;
  readonly organisationId: OrganisationId;
  readonly role: RoleName;
  readonly since: Date;
}
