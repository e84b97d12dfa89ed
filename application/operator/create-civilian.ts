import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import { Civilian } from '../../domain/records/civilian.ts';
import { DateOfBirth } from '../../domain/records/date-of-birth.ts';
import type { CivilianId, OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { type AuditedWrites, audited } from '../audit/audited-writes.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { OrganisationRepository } from '../ports/organisation-repositories.ts';
import type { CivilianRepository } from '../ports/records-repositories.ts';
import { type AccessRefusal, authorise, operatorActor } from './operator-access.ts';

export interface CreateCivilianInput {
  readonly operator: OperatorKey;
  readonly organisationId: OrganisationId;
  readonly firstName: string;
  readonly lastName: string;
  readonly dateOfBirth: string;
  readonly licenseStatus?: string;
}

export class CreateCivilian {
  constructor(
    private readonly organisations: OrganisationRepository,
    private readonly civilians: CivilianRepository,
    private readonly ids: IdGenerator,
    private readonly writes: AuditedWrites,
  ) {}

  async execute(input: CreateCivilianInput): Promise<Outcome<Civilian, AccessRefusal | 'invalid_date_of_birth'>> {
    const access = authorise(input.operator, 'records.manage', input.organisationId);
    if (!access.ok) return access;
    const dateOfBirth = DateOfBirth.parse(input.dateOfBirth);
    if (!dateOfBirth.ok) return dateOfBirth;
    return this.writes.run(operatorActor(input.operator), async (now) => {
      if ((await this.organisations.get(input.organisationId)) === null) return refuse('not_found');
      const civilian = Civilian.register(
        {
          id: this.ids.next<CivilianId>(),
          organisationId: input.organisationId,
          firstName: input.firstName,
          lastName: input.lastName,
          dateOfBirth: dateOfBirth.value,
          licenseStatus: input.licenseStatus,
        },
        now,
      );
      await this.civilians.save(civilian);
      return audited(civilian, {
        organisationId: input.organisationId,
        action: 'civilian.created',
        subject: { type: 'civilian', id: civilian.id },
      });
    });
  }
}
