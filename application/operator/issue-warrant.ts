import type { Operator } from '../../domain/operator/operator.ts';
import type { Warrant, WarrantStatus } from '../../domain/records/warrant.ts';
import type { CivilianId, OrganisationId, WarrantId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { AccessRefusal } from './operator-access.ts';
import { inOrganisation, nothingToCheck } from './organisation-writes.ts';

export interface IssueWarrantInput {
  readonly operator: Operator;
  readonly organisationId: OrganisationId;
  readonly civilianId: CivilianId;
  readonly status: WarrantStatus;
  readonly description?: string | null;
}

export class IssueWarrant {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'civilians' | 'warrants' | 'ids' | 'writes'>) {}

  execute(input: IssueWarrantInput): Promise<Outcome<Warrant, AccessRefusal | 'unknown_civilian'>> {
    return inOrganisation(this.ports.organisations, this.ports.writes).write(input, 'records.manage', nothingToCheck, async (_, now) => {
      const { organisationId, civilianId, status } = input;
      const civilian = await this.ports.civilians.get(civilianId);
      if (civilian?.snapshot().organisationId !== organisationId) return refuse('unknown_civilian');
      const warrant: Warrant = {
        id: this.ports.ids.next<WarrantId>(),
        organisationId,
        civilianId,
        status,
        description: input.description ?? null,
        createdAt: now,
      };
      await this.ports.warrants.add(warrant);
      return audited(warrant, auditNote(organisationId, 'warrant.issued', { type: 'warrant', id: warrant.id }, { civilianId, status }));
    });
  }
}
