import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import { type Arrest, type Charge, checkCharges } from '../../domain/records/arrest.ts';
import type { ArrestId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import type { AuditedWrites } from '../audit/audited-writes.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { ArrestRepository } from '../ports/incident-records-repositories.ts';
import type { RecordNumbers } from '../ports/record-numbers.ts';
import type { CivilianRepository } from '../ports/records-repositories.ts';
import type { BridgeGate } from './bridge-gate.ts';
import type { PersonRequest } from './person-input.ts';
import { fileAboutPerson } from './person-record-filing.ts';

export interface LogArrestInput extends PersonRequest {
  readonly locationText: string;
  readonly narrative: string;
  readonly charges: readonly Charge[];
}

/** `/arrest`: an on-duty officer books a person on one to twenty charges. */
export class LogArrest {
  constructor(
    private readonly gate: BridgeGate,
    private readonly arrests: ArrestRepository,
    private readonly civilians: CivilianRepository,
    private readonly numbers: RecordNumbers,
    private readonly ids: IdGenerator,
    private readonly writes: AuditedWrites,
  ) {}

  execute(
    input: LogArrestInput,
  ): Promise<Outcome<{ arrestId: ArrestId; arrestNumber: string }, GateRefusal | 'invalid_date_of_birth' | 'charges_out_of_range'>> {
    const ports = { gate: this.gate, civilians: this.civilians, numbers: this.numbers, ids: this.ids, writes: this.writes };
    return fileAboutPerson(ports, input, {
      kind: 'arrest',
      check: () => checkCharges(input.charges),
      file: async (checked, { filedBy, ...about }, now) => {
        // Only the charge itself is booked, whatever else the game sent with it.
        const charges = checked.map(({ statuteCode, statuteDescription }) => ({ statuteCode, statuteDescription }));
        const arrest: Arrest = {
          ...about,
          id: this.ids.next<ArrestId>(),
          locationText: input.locationText,
          narrative: input.narrative,
          charges,
          bookedBy: filedBy,
          bookedAt: now,
        };
        await this.arrests.add(arrest);
        return { id: arrest.id, result: { arrestId: arrest.id, arrestNumber: arrest.number }, details: { charges: charges.length } };
      },
    });
  }
}
