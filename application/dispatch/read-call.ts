import type { Operator } from '../../domain/operator/operator.ts';
import type { Call } from '../../domain/call/call.ts';
import type { CallId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import { type AccessRefusal, authorise } from '../operator/operator-access.ts';
import type { Ports } from '../ports/port-catalogue.ts';

/** A dispatcher reads a call with its timeline and the units on it. */
export class ReadCall {
  constructor(private readonly ports: Pick<Ports, 'calls' | 'units'>) {}

  async execute(input: { operator: Operator; callId: CallId }): Promise<Outcome<{ call: Call; units: Unit[] }, AccessRefusal>> {
    const call = await this.ports.calls.get(input.callId);
    if (call === null) return refuse('not_found');
    const access = authorise(input.operator, 'dispatch.view', call.snapshot().organisationId);
    if (!access.ok) return access;
    return accept({ call, units: await this.ports.units.listAssignedTo(call.id) });
  }
}
