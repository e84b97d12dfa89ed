import type { BoloStatus } from '../../domain/bolo/bolo-terms.ts';
import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { BoloId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited, unchanged } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { BoloAt } from './bolo-at.ts';
import { writeOwnRecord } from './own-record-write.ts';

/** `PATCH /records/bolos/:boloId/status`: any of the six statuses, no per-status rules. */
export class SetBoloStatus {
  constructor(private readonly ports: Pick<Ports, 'bolos' | 'writes'>) {}

  execute(input: { grant: AccessGrant; boloId: BoloId; status: BoloStatus }): Promise<Outcome<BoloAt, 'not_found'>> {
    const load = () => this.ports.bolos.getForUpdate(input.boloId);
    return writeOwnRecord(this.ports.writes, input.grant, load, async (bolo, now) => {
      // Asking for the status it has is no change: nothing is written, not even a new `updatedAt`.
      if (bolo.snapshot().status === input.status) return unchanged({ bolo, now });
      bolo.overrideStatus(input.status, now);
      const [moved] = bolo.events.take();
      await this.ports.bolos.save(bolo);
      const details = { boloNumber: bolo.snapshot().number, from: moved?.from, to: input.status };
      return audited({ bolo, now }, auditNote(bolo.organisationId, 'bolo.status_changed', { type: 'bolo', id: bolo.id }, details));
    });
  }
}
