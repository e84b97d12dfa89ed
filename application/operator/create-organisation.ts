import type { Operator } from '../../domain/operator/operator.ts';
import { Organisation, type OrganisationSettings } from '../../domain/organisation/organisation.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { operatorActor } from './operator-access.ts';

export interface CreateOrganisationInput {
  readonly operator: Operator;
  readonly name: string;
  readonly settings: Partial<Omit<OrganisationSettings, 'emergencyDepartmentId'>>;
}

/** Only the bootstrap key founds organisations. */
export class CreateOrganisation {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'ids' | 'writes'>) {}

  async execute(input: CreateOrganisationInput): Promise<Outcome<Organisation, 'forbidden'>> {
    if (!input.operator.isBootstrap) return refuse('forbidden');
    return this.ports.writes.run(operatorActor(input.operator), async (now) => {
      const organisation = Organisation.create(this.ports.ids.next<OrganisationId>(), input.name, input.settings, now);
      await this.ports.organisations.save(organisation);
      const details = { name: organisation.name, settings: organisation.settings };
      return audited(
        organisation,
        auditNote(organisation.id, 'organisation.created', { type: 'organisation', id: organisation.id }, details),
      );
    });
  }
}
