import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';

/**
 * API credentials act inside their own organisation only. A record of another organisation is
 * answered exactly as one that does not exist.
 */
export function ownRecord<Record extends { readonly organisationId: OrganisationId }>(
  grant: AccessGrant,
  record: Record | null,
): Record | null {
  return record !== null && record.organisationId === grant.organisationId ? record : null;
}
