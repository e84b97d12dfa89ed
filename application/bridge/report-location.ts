import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import { MapPoint } from '../../domain/shared/map-point.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import { audited, unchanged } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { credentialActor } from './bridge-actor.ts';
import { type PlayerRequest, playerNote } from './player-writes.ts';

export interface ReportLocationInput extends PlayerRequest {
  readonly mapX: number;
  readonly mapY: number;
}

/**
 * `/location`, the heartbeat every on-duty officer sends about every five seconds. Nothing of the
 * report is stored. Inside the organisation's arrival radius of the unit's assignment pin the unit
 * becomes `ON_SCENE`; that is the only write, and only the first report in range makes it.
 * The common case writes nothing and opens no unit of work: without a pin or already on scene it
 * is the gate's single read; out of range it adds the read of the organisation's radius. The unit
 * decides all three (`awaitsArrival`, `arrivalAt`); this use case only orders the reads.
 */
export class ReportLocation {
  constructor(private readonly ports: Pick<Ports, 'gate' | 'organisations' | 'units' | 'writes'>) {}

  async execute(input: ReportLocationInput): Promise<Outcome<{ arrived: boolean }, GateRefusal>> {
    const officer = await this.ports.gate.onDuty(input.grant, input.identifiers);
    if (!officer.ok) return officer;
    const unit = officer.value.unit;
    if (!unit.awaitsArrival) return accept({ arrived: false });
    const organisation = await this.ports.organisations.get(input.grant.organisationId);
    if (organisation === null) return refuse('not_linked');
    const position = MapPoint.of(input.mapX, input.mapY);
    const radius = organisation.settings.arrivalRadius;
    if (!unit.arrivalAt(position, radius)) return accept({ arrived: false });
    return this.arrive(input, position, radius);
  }

  /** In range: move the unit under its lock, judged again on what the lock shows. */
  private arrive(input: ReportLocationInput, position: MapPoint, radius: number) {
    const { grant } = input;
    return this.ports.writes.run(credentialActor(grant), async (now) => {
      const officer = await this.ports.gate.onDuty(grant, input.identifiers);
      if (!officer.ok) return officer;
      const unit = await this.ports.units.getForUpdate(officer.value.unitId);
      if (unit === null || !unit.isOnDuty) return refuse('not_on_duty');
      const callId = unit.assignment?.callId ?? null;
      if (unit.reportPosition(position, radius, now) !== 'arrived') return unchanged({ arrived: false });
      await this.ports.units.save(unit);
      const details = { callId, mapX: position.x, mapY: position.y };
      return audited(
        { arrived: true },
        playerNote(grant, officer.value.characterId, 'unit.arrived', { type: 'unit', id: unit.id }, details),
      );
    });
  }
}
