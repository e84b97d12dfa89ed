import type { OrganisationId } from '../../domain/shared/ids.ts';
import type { AuditNote } from './audited-writes.ts';

/** The record a write was about, as the audit log names it. */
export interface AuditSubject {
  readonly type: string;
  readonly id: string;
}

export type AuditDetails = Readonly<Record<string, unknown>>;

/** What a write did (`<thing>.<verb>`), in which organisation, to which record, with the facts worth keeping. */
export function auditNote(organisationId: OrganisationId | null, action: string, subject: AuditSubject, details?: AuditDetails): AuditNote {
  return { organisationId, action, subject, details };
}
