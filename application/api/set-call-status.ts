import type { Call } from '../../domain/call/call.ts';
import type { ApiSettableCallStatus } from '../../domain/call/call-status.ts';
import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { CallId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { type AuditedWrites, audited, unchanged } from '../audit/audited-writes.ts';
import { credentialActor } from '../bridge/bridge-actor.ts';
import type { CallRepository } from '../ports/call-repository.ts';
import { ownRecord } from './api-access.ts';

/** `PATCH /cad/calls/:callId/status`: `PENDING` or `ACTIVE`, from any status. */
export class SetCallStatus {
  constructor(
    private readonly calls: CallRepository,
    private readonly writes: AuditedWrites,
  ) {}

  execute(input: { grant: AccessGrant; callId: CallId; status: ApiSettableCallStatus }): Promise<Outcome<Call, 'not_found'>> {
    const { grant } = input;
    return this.writes.run(credentialActor(grant), async (now) => {
      const call = ownRecord(grant, await this.calls.getForUpdate(input.callId));
      if (call === null) return refuse('not_found');
      const from = call.status;
      if (from === input.status) return unchanged(call);
      call.setStatusByApi(input.status, now);
      await this.calls.save(call);
      return audited(call, {
        organisationId: call.organisationId,
        action: 'call.status_changed',
        subject: { type: 'call', id: call.id },
        details: { callNumber: call.number, from, to: call.status },
      });
    });
  }
}
