import type { Ports } from '../ports/port-catalogue.ts';
import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import { type Outcome, accept } from '../../domain/shared/outcome.ts';

/** The calling key, with the name of the organisation it belongs to (null for the bootstrap key). */
export interface OperatorSelf {
  readonly key: OperatorKey;
  readonly organisationName: string | null;
}

/**
 * The calling key itself (label, organisation, permissions), so that a client shows only what it
 * may do, and the name of its organisation, which a page shows as the one it acts on.
 */
export class DescribeOperatorKey {
  constructor(private readonly ports: Pick<Ports, 'organisations'>) {}

  async execute(input: { operator: OperatorKey }): Promise<Outcome<OperatorSelf, never>> {
    const { organisationId } = input.operator;
    const organisation = organisationId === null ? null : await this.ports.organisations.get(organisationId);
    return accept({ key: input.operator, organisationName: organisation?.name ?? null });
  }
}
