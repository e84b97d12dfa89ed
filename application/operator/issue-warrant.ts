import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { Warrant, WarrantStatus } from '../../domain/records/warrant.ts';
import type { CivilianId, OrganisationId, WarrantId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { type AuditedWrites, audited } from '../audit/audited-writes.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { OrganisationRepository } from '../ports/organisation-repositories.ts';
import type { CivilianRepository, WarrantRepository } from '../ports/records-repositories.ts';
import type { AccessRefusal } from './operator-access.ts';
import { inOrganisation, nothingToCheck } from './organisation-writes.ts';

export interface IssueWarrantInput {
  readonly operator: OperatorKey;
  readonly organisationId: OrganisationId;
  readonly civilianId: CivilianId;
  readonly status: WarrantStatus;
  readonly description?: string | null;
}

export class IssueWarrant {
  constructor(
    private readonly organisations: OrganisationRepository,
    private readonly civilians: CivilianRepository,
    private readonly warrants: WarrantRepository,
    private readonly ids: IdGenerator,
    private readonly writes: AuditedWrites,
  ) {}

  execute(input: IssueWarrantInput): Promise<Outcome<Warrant, AccessRefusal | 'unknown_civilian'>> {
    return inOrganisation(this.organisations, this.writes).write(input, 'records.manage', nothingToCheck, async (_, now) => {
      const { organisationId, civilianId, status } = input;
      const civilian = await this.civilians.get(civilianId);
      if (civilian?.snapshot().organisationId !== organisationId) return refuse('unknown_civilian');
      const warrant: Warrant = {
        id: this.ids.next<WarrantId>(),
        organisationId,
        civilianId,
        status,
        description: input.description ?? null,
        createdAt: now,
      };
      await this.warrants.add(warrant);
      return audited(warrant, auditNote(organisationId, 'warrant.issued', { type: 'warrant', id: warrant.id }, { civilianId, status }));
    });
  }
}
