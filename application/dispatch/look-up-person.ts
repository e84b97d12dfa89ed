import type { Civilian } from '../../domain/records/civilian.ts';
import type { Operator } from '../../domain/operator/operator.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { MAX_PERSON_MATCHES } from '../bridge/lookup-person.ts';
import { type AccessRefusal, readInOrganisation } from '../operator/operator-access.ts';
import type { Ports } from '../ports/port-catalogue.ts';

/**
 * A dispatcher looks a person up from the board: civilians with exactly this name (case and
 * spacing aside), at most ten, the same records as an officer's `/lookup/person`, for whoever may
 * watch the board (`dispatch.view`). An empty list when nobody has the name.
 */
export class LookUpPersonForDispatch {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'civilians'>) {}

  execute(input: {
    operator: Operator;
    organisationId: OrganisationId;
    firstName: string;
    lastName: string;
  }): Promise<Outcome<readonly Civilian[], AccessRefusal>> {
    const { operator, organisationId } = input;
    return readInOrganisation(this.ports.organisations, operator, 'dispatch.view', organisationId, () =>
      this.ports.civilians.findByName(organisationId, input.firstName, input.lastName, MAX_PERSON_MATCHES),
    );
  }
}
