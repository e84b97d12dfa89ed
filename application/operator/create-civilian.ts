import type { Operator } from '../../domain/operator/operator.ts';
import { Civilian } from '../../domain/records/civilian.ts';
import { DateOfBirth } from '../../domain/records/date-of-birth.ts';
import type { CivilianId, OrganisationId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { AccessRefusal } from './operator-access.ts';
import { inOrganisation } from './organisation-writes.ts';

export interface CreateCivilianInput {
  readonly operator: Operator;
  readonly organisationId: OrganisationId;
  readonly firstName: string;
  readonly lastName: string;
  readonly dateOfBirth: string;
  readonly licenseStatus?: string;
}

export class CreateCivilian {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'civilians' | 'ids' | 'writes'>) {}

  execute(input: CreateCivilianInput): Promise<Outcome<Civilian, AccessRefusal | 'invalid_date_of_birth'>> {
    const parseDateOfBirth = () => DateOfBirth.parse(input.dateOfBirth);
    return inOrganisation(this.ports.organisations, this.ports.writes).write(
      input,
      'records.manage',
      parseDateOfBirth,
      async (dateOfBirth, now) => {
        const { organisationId, firstName, lastName, licenseStatus } = input;
        const civilian = Civilian.register(
          { id: this.ports.ids.next<CivilianId>(), organisationId, firstName, lastName, dateOfBirth, licenseStatus },
          now,
        );
        await this.ports.civilians.save(civilian);
        return audited(civilian, auditNote(organisationId, 'civilian.created', { type: 'civilian', id: civilian.id }));
      },
    );
  }
}
