import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import { MapPoint } from '../../domain/shared/map-point.ts';
import { type Outcome, accept } from '../../domain/shared/outcome.ts';
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
 * report is stored in the database: once the gate passes, the position goes to the organisation's
 * dispatchers and the last-known-position cache (`LivePositions`). Inside the organisation's arrival radius of the unit's assignment pin the unit
 * becomes `ON_SCENE`; that is the only write, and only the first report in range makes it.
 * Every case but the arrival is the gate's single statement, which brings the organisation's
 * arrival radius with the unit; it writes nothing and opens no unit of work. The unit decides
 * (`awaitsArrival`, `arrivalAt`); this use case only orders the reads.
 */
export class ReportLocation {
  constructor(private readonly ports: Pick<Ports, 'gate' | 'units' | 'writes' | 'positions'>) {}

  async execute(input: ReportLocationInput): Promise<Outcome<{ arrived: boolean }, GateRefusal>> {
    const officer = await this.ports.gate.onDuty(input.grant, input.identifiers);
    if (!officer.ok) return officer;
    const { unit, settings } = officer.value;
    const { organisationId, departmentId, id: unitId, label: unitLabel, status } = unit;
    // Fire-and-forget: the heartbeat never waits on the broadcast nor on the cache.
    this.ports.positions.report({ organisationId, departmentId, unitId, unitLabel, status, mapX: input.mapX, mapY: input.mapY });
    if (!unit.awaitsArrival) return accept({ arrived: false });
    const position = MapPoint.of(input.mapX, input.mapY);
    if (!unit.arrivalAt(position, settings.arrivalRadius)) return accept({ arrived: false });
    return this.arrive(input, position);
  }

  /** In range: the gate again, locking the unit, and the arrival judged again on the locked unit and radius. */
  private arrive(input: ReportLocationInput, position: MapPoint) {
    const { grant } = input;
    return this.ports.writes.run(credentialActor(grant), async (now) => {
      const officer = await this.ports.gate.onDutyLockingUnit(grant, input.identifiers);
      if (!officer.ok) return officer;
      const { unit, settings } = officer.value;
      const callId = unit.assignment?.callId ?? null;
      if (unit.reportPosition(position, settings.arrivalRadius, now) !== 'arrived') return unchanged({ arrived: false });
      await this.ports.units.save(unit);
      const details = { callId, mapX: position.x, mapY: position.y };
      return audited(
        { arrived: true },
        playerNote(grant, officer.value.characterId, 'unit.arrived', { type: 'unit', id: unit.id }, details),
      );
    });
  }
}
