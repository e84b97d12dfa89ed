import type { Bolo } from '../../domain/bolo/bolo.ts';
import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import { type Outcome, accept } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { MdtOfficer } from './mdt-officer.ts';

export const MDT_BOLO_LIST = 50;

/**
 * `GET /mdt/bolos`: the active BOLOs the officer's department issued, newest first. A lookup, so
 * the bridge's rule for lookups holds: on-duty officers only.
 */
export class ListMdtBolos {
  constructor(private readonly ports: Pick<Ports, 'gate' | 'bolos' | 'clock'>) {}

  async execute(officer: MdtOfficer): Promise<Outcome<{ bolos: Bolo[]; now: Date }, GateRefusal>> {
    const admitted = await this.ports.gate.onDuty(officer.player.grant, officer.player.identifiers);
    if (!admitted.ok) return admitted;
    const now = this.ports.clock.now();
    const { organisationId, departmentId } = officer.session;
    const bolos = await this.ports.bolos.list({
      organisationId,
      status: 'active',
      issuingDepartmentId: departmentId,
      now,
      limit: MDT_BOLO_LIST,
    });
    return accept({ bolos, now });
  }
}
