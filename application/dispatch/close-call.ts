import type { Operator } from '../../domain/operator/operator.ts';
import type { Call } from '../../domain/call/call.ts';
import type { CallId } from '../../domain/shared/ids.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited, unchanged } from '../audit/audited-writes.ts';
import { type AccessRefusal, operatorActor } from '../operator/operator-access.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { lockCallForDispatch } from './dispatch-access.ts';

/** A dispatcher closes a call: every unit on it is released and `AVAILABLE` again. Closing a closed call changes nothing. */
export class CloseCall {
  constructor(private readonly ports: Pick<Ports, 'calls' | 'units' | 'writes'>) {}

  execute(input: { operator: Operator; callId: CallId }): Promise<Outcome<Call, AccessRefusal>> {
    return this.ports.writes.run(operatorActor(input.operator), async (now) => {
      const call = await lockCallForDispatch(this.ports.calls, input.operator, input.callId);
      if (!call.ok) return call;
      if (call.value.status === 'CLOSED') return unchanged(call.value);
      // Units in id order, each under its lock: the call first, then its units, as every writer does.
      const assigned: Unit[] = [];
      for (const listed of await this.ports.units.listAssignedTo(call.value.id)) {
        const unit = await this.ports.units.getForUpdate(listed.id);
        if (unit?.assignment?.callId === call.value.id) assigned.push(unit);
      }
      call.value.close(assigned, now);
      const [closed] = call.value.events.take();
      for (const unit of assigned) await this.ports.units.save(unit);
      await this.ports.calls.save(call.value);
      const details = { callNumber: call.value.number, from: closed?.from, releasedUnits: assigned.map((u) => u.id) };
      return audited(call.value, auditNote(call.value.organisationId, 'call.closed', { type: 'call', id: call.value.id }, details));
    });
  }
}
