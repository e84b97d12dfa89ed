import type { Call } from '../../domain/call/call.ts';
import type { ApiSettableCallStatus, CallStatus } from '../../domain/call/call-status.ts';
import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { CallId, DepartmentId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import { type AuditedWrites, audited, unchanged } from '../audit/audited-writes.ts';
import { credentialActor } from '../bridge/bridge-actor.ts';
import type { CallRepository } from '../ports/call-repository.ts';
import type { UnitRepository } from '../ports/unit-repository.ts';
import { ownRecord } from './api-access.ts';

export const MAX_CALL_LIST = 500;

/** `GET /cad/calls`: newest first, a plain array paged by `limit` and `offset`. */
export class ListCalls {
  constructor(private readonly calls: CallRepository) {}

  execute(input: { grant: AccessGrant; departmentId?: DepartmentId; status?: CallStatus; limit: number; offset: number }): Promise<Call[]> {
    return this.calls.list({
      organisationId: input.grant.organisationId,
      departmentId: input.departmentId,
      status: input.status,
      limit: Math.min(input.limit, MAX_CALL_LIST),
      offset: input.offset,
    });
  }
}

/** `GET /cad/calls/:callId`: the call with its timeline and the units on it. */
export class ReadCallForApi {
  constructor(
    private readonly calls: CallRepository,
    private readonly units: UnitRepository,
  ) {}

  async execute(input: { grant: AccessGrant; callId: CallId }): Promise<Outcome<{ call: Call; units: Unit[] }, 'not_found'>> {
    const call = ownRecord(input.grant, await this.calls.get(input.callId));
    if (call === null) return refuse('not_found');
    return accept({ call, units: await this.units.listAssignedTo(call.id) });
  }
}

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
