import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { Warrant, WarrantStatus } from '../../domain/records/warrant.ts';
import type { CivilianId, OrganisationId, WarrantId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { type AuditedWrites, audited } from '../audit/audited-writes.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { OrganisationRepository } from '../ports/organisation-repositories.ts';
import type { CivilianRepository, WarrantRepository } from '../ports/records-repositories.ts';
import { type AccessRefusal, authorise, operatorActor } from './operator-access.ts';

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

  async execute(input: IssueWarrantInput): Promise<Outcome<Warrant, AccessRefusal | 'unknown_civilian'>> {
    const access = authorise(input.operator, 'records.manage', input.organisationId);
    if (!access.ok) return access;
    return this.writes.run(operatorActor(input.operator), async (now) => {
      if ((await this.organisations.get(input.organisationId)) === null) return refuse('not_found');
      const civilian = await this.civilians.get(input.civilianId);
      if (civilian?.snapshot().organisationId !== input.organisationId) return refuse('unknown_civilian');
      const warrant: Warrant = {
        id: this.ids.next<WarrantId>(),
        organisationId: input.organisationId,
        civilianId: input.civilianId,
        status: input.status,
        description: input.description ?? null,
        createdAt: now,
      };
      await this.warrants.add(warrant);
      return audited(warrant, {
        organisationId: input.organisationId,
        action: 'warrant.issued',
        subject: { type: 'warrant', id: warrant.id },
        details: { civilianId: input.civilianId, status: input.status },
      });
    });
  }
}
