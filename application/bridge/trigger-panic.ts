import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { type PlayerRequest, writeAsOfficer } from './player-writes.ts';
import { type ReportedCall, openReportedCall } from './reported-call.ts';

/** `/panic`: a `P1` call at the officer's position in their department; nobody is assigned. */
export class TriggerPanic {
  constructor(private readonly ports: Pick<Ports, 'gate' | 'calls' | 'recordNumbers' | 'ids' | 'writes'>) {}

  execute(input: PlayerRequest & { mapX: number; mapY: number }): Promise<Outcome<ReportedCall, GateRefusal>> {
    return writeAsOfficer(this.ports.gate, this.ports.writes, input, async ({ unit, departmentId, characterId }, now) => {
      const { mapX, mapY } = input;
      const report = { departmentId, origin: 'panic', description: `Panic button pressed by ${unit.label}`, mapX, mapY } as const;
      return openReportedCall(
        this.ports,
        input.grant,
        report,
        { player: characterId, action: 'call.panic', details: { unitId: unit.id } },
        now,
      );
    });
  }
}
