import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import type { AuditedWrites } from '../audit/audited-writes.ts';
import type { CallRepository } from '../ports/call-repository.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { RecordNumbers } from '../ports/record-numbers.ts';
import type { BridgeGate } from './bridge-gate.ts';
import { type PlayerRequest, writeAsOfficer } from './player-writes.ts';
import { type ReportedCall, openReportedCall } from './reported-call.ts';

/** `/panic`: a `P1` call at the officer's position in their department; nobody is assigned. */
export class TriggerPanic {
  constructor(
    private readonly gate: BridgeGate,
    private readonly calls: CallRepository,
    private readonly numbers: RecordNumbers,
    private readonly ids: IdGenerator,
    private readonly writes: AuditedWrites,
  ) {}

  execute(input: PlayerRequest & { mapX: number; mapY: number }): Promise<Outcome<ReportedCall, GateRefusal>> {
    const ports = { calls: this.calls, numbers: this.numbers, ids: this.ids };
    return writeAsOfficer(this.gate, this.writes, input, async ({ unit, departmentId, characterId }, now) => {
      const { mapX, mapY } = input;
      const report = { departmentId, origin: 'panic', description: `Panic button pressed by ${unit.label}`, mapX, mapY } as const;
      return openReportedCall(ports, input.grant, report, { player: characterId, action: 'call.panic', details: { unitId: unit.id } }, now);
    });
  }
}
