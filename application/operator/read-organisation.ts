import type { Operator } from '../../domain/operator/operator.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { Organisation } from '../../domain/organisation/organisation.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import { type AccessRefusal, authorise } from './operator-access.ts';

/** An organisation's name and settings, as `organisation.settings.manage` may change them. */
export class ReadOrganisation {
  constructor(private readonly ports: Pick<Ports, 'organisations'>) {}

  async execute(input: { operator: Operator; organisationId: OrganisationId }): Promise<Outcome<Organisation, AccessRefusal>> {
    const access = authorise(input.operator, 'organisation.settings.manage', input.organisationId);
    if (!access.ok) return access;
    const organisation = await this.ports.organisations.get(input.organisationId);
    return organisation === null ? refuse('not_found') : accept(organisation);
  }
}
