import type { Call } from '../../domain/call/call.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { MdtOfficer } from './mdt-officer.ts';

export interface MdtAssignment {
  readonly call: Call;
  /** Every unit on the call, the officer's own included. */
  readonly units: Unit[];
}

/** `GET /mdt/assignment`: the call the officer's unit is on, with its timeline and the units on it; null when none. */
export class ReadMdtAssignment {
  constructor(private readonly ports: Pick<Ports, 'calls' | 'units'>) {}

  async execute(officer: MdtOfficer): Promise<MdtAssignment | null> {
    const assignment = officer.unit?.assignment ?? null;
    if (assignment === null) return null;
    const call = await this.ports.calls.get(assignment.callId);
    if (call?.organisationId !== officer.session.organisationId) return null;
    return { call, units: await this.ports.units.listAssignedTo(call.id) };
  }
}
