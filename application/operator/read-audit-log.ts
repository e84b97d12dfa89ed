import type { Operator } from '../../domain/operator/operator.ts';
import type { AuditEntryId, OrganisationId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { type LabelledAuditEntry, labelSubjects } from '../audit/subject-labels.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { type AccessRefusal, readInOrganisation } from './operator-access.ts';

export interface ReadAuditLogInput {
  readonly operator: Operator;
  readonly organisationId: OrganisationId;
  readonly limit: number;
  readonly before?: AuditEntryId;
  /** Only entries of this action, e.g. `credential.rotated`. */
  readonly action?: string;
  /** Only entries where this credential acted or was acted on. */
  readonly credentialId?: string;
  /** Only entries made this way (`details.via`), e.g. links made by `trusted_identity`. */
  readonly via?: string;
}

/**
 * The organisation's audit log, newest first, optionally only one action's or one credential's
 * entries; each subject named (a character, unit, call, credential, department, civilian, vehicle or
 * warrant), not only its id.
 */
export class ReadAuditLog {
  constructor(
    private readonly ports: Pick<
      Ports,
      | 'organisations'
      | 'auditLog'
      | 'characters'
      | 'units'
      | 'calls'
      | 'credentials'
      | 'departments'
      | 'civilians'
      | 'vehicles'
      | 'warrants'
    >,
  ) {}

  execute(input: ReadAuditLogInput): Promise<Outcome<LabelledAuditEntry[], AccessRefusal>> {
    return readInOrganisation(this.ports.organisations, input.operator, 'audit.view', input.organisationId, async () => {
      const entries = await this.ports.auditLog.list(input.organisationId, {
        limit: input.limit,
        before: input.before,
        action: input.action,
        credentialId: input.credentialId,
        via: input.via,
      });
      return labelSubjects(this.ports, input.organisationId, entries);
    });
  }
}
