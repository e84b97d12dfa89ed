import type { Call } from '../../domain/call/call.ts';
import type { ApiSettableCallStatus } from '../../domain/call/call-status.ts';
import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { CallId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited, unchanged } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { writeOwnRecord } from './own-record-write.ts';

/** `PATCH /cad/calls/:callId/status`: `PENDING` or `ACTIVE`, from any status. */
export class SetCallStatus {
  constructor(private readonly ports: Pick<Ports, 'calls' | 'writes'>) {}

  execute(input: { grant: AccessGrant; callId: CallId; status: ApiSettableCallStatus }): Promise<Outcome<Call, 'not_found'>> {
    const load = () => this.ports.calls.getForUpdate(input.callId);
    return writeOwnRecord(this.ports.writes, input.grant, load, async (call, now) => {
      call.setStatusByApi(input.status, now);
      // The call records a move only when its status changed; no move writes nothing.
      const [moved] = call.events.take();
      if (moved === undefined) return unchanged(call);
      await this.ports.calls.save(call);
      const details = { callNumber: call.number, from: moved.from, to: moved.to };
      return audited(call, auditNote(call.organisationId, 'call.status_changed', { type: 'call', id: call.id }, details));
    });
  }
}
