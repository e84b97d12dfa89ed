import type { Call } from '../../domain/call/call.ts';
import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { CallId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { ownRecord } from './api-access.ts';

/** `GET /cad/calls/:callId`: the call with its timeline and the units on it. */
export class ReadCallForApi {
  constructor(private readonly ports: Pick<Ports, 'calls' | 'units'>) {}

  async execute(input: { grant: AccessGrant; callId: CallId }): Promise<Outcome<{ call: Call; units: Unit[] }, 'not_found'>> {
    const call = ownRecord(input.grant, await this.ports.calls.get(input.callId));
    if (call === null) return refuse('not_found');
    return accept({ call, units: await this.ports.units.listAssignedTo(call.id) });
  }
}
