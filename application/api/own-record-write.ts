import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import type { Audited, AuditedWrites } from '../audit/audited-writes.ts';
import { credentialActor } from '../bridge/bridge-actor.ts';
import { ownRecord } from './api-access.ts';

/**
 * An API credential's write on one record of its own organisation: audited under the credential,
 * the record locked for the write. A record of another organisation is `not_found`, exactly as
 * one that does not exist.
 */
export function writeOwnRecord<Row extends { readonly organisationId: OrganisationId }, Result, Reason extends string>(
  writes: AuditedWrites,
  grant: AccessGrant,
  lock: () => Promise<Row | null>,
  change: (record: Row, now: Date) => Promise<Outcome<Audited<Result>, Reason>>,
): Promise<Outcome<Result, Reason | 'not_found'>> {
  return writes.run<Result, Reason | 'not_found'>(credentialActor(grant), async (now) => {
    const record = ownRecord(grant, await lock());
    return record === null ? refuse('not_found') : change(record, now);
  });
}
