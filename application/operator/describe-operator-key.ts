import type { Operator } from '../../domain/operator/operator.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { type Outcome, accept } from '../../domain/shared/outcome.ts';

/** The caller (a key or a person), with the name of the organisation it acts in (null for the bootstrap key, or a person of none). */
export interface OperatorSelf {
  readonly operator: Operator;
  readonly organisationName: string | null;
}

/**
 * The calling key itself (label, organisation, permissions), so that a client shows only what it
 * may do, and the name of its organisation, which a page shows as the one it acts on.
 */
export class DescribeOperatorKey {
  constructor(private readonly ports: Pick<Ports, 'organisations'>) {}

  async execute(input: { operator: Operator }): Promise<Outcome<OperatorSelf, never>> {
    const organisationId = input.operator.homeOrganisationId;
    const organisation = organisationId === null ? null : await this.ports.organisations.get(organisationId);
    return accept({ operator: input.operator, organisationName: organisation?.name ?? null });
  }
}
