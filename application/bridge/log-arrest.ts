import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import { type Arrest, type Charge, checkCharges } from '../../domain/records/arrest.ts';
import type { ArrestId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { PersonRequest } from './person-input.ts';
import { fileAboutPerson } from './person-record-filing.ts';

export interface LogArrestInput extends PersonRequest {
  readonly locationText: string;
  readonly narrative: string;
  readonly charges: readonly Charge[];
}

/** `/arrest`: an on-duty officer books a person on one to twenty charges. */
export class LogArrest {
  constructor(private readonly ports: Pick<Ports, 'gate' | 'arrests' | 'civilians' | 'recordNumbers' | 'ids' | 'writes'>) {}

  execute(
    input: LogArrestInput,
  ): Promise<Outcome<{ arrestId: ArrestId; arrestNumber: string }, GateRefusal | 'invalid_date_of_birth' | 'charges_out_of_range'>> {
    return fileAboutPerson(this.ports, input, {
      kind: 'arrest',
      check: () => checkCharges(input.charges),
      file: async (checked, { filedBy, ...about }, now) => {
        // Only the charge itself is booked, whatever else the game sent with it.
        const charges = checked.map(({ statuteCode, statuteDescription }) => ({ statuteCode, statuteDescription }));
        const arrest: Arrest = {
          ...about,
          id: this.ports.ids.next<ArrestId>(),
          locationText: input.locationText,
          narrative: input.narrative,
          charges,
          bookedBy: filedBy,
          bookedAt: now,
        };
        await this.ports.arrests.add(arrest);
        return { id: arrest.id, result: { arrestId: arrest.id, arrestNumber: arrest.number }, details: { charges: charges.length } };
      },
    });
  }
}
