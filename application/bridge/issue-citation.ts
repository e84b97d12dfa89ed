import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import type { Citation } from '../../domain/records/citation.ts';
import { Plate } from '../../domain/records/plate.ts';
import type { CitationId } from '../../domain/shared/ids.ts';
import { type Outcome, accept } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { PersonRequest } from './person-input.ts';
import { fileAboutPerson } from './person-record-filing.ts';

export interface IssueCitationInput extends PersonRequest {
  /** Empty when no vehicle was involved. */
  readonly plate: string;
  readonly locationText: string;
  readonly statuteCode: string;
  readonly statuteDescription: string;
  readonly fineAmount: number;
}

export interface IssuedCitation {
  readonly citationId: CitationId;
  readonly citationNumber: string;
}

/** `/citation`: an on-duty officer cites a person, registered on the spot if the records lack them. */
export class IssueCitation {
  constructor(private readonly ports: Pick<Ports, 'gate' | 'citations' | 'civilians' | 'recordNumbers' | 'ids' | 'writes'>) {}

  execute(input: IssueCitationInput): Promise<Outcome<IssuedCitation, GateRefusal | 'invalid_date_of_birth' | 'invalid_plate'>> {
    return fileAboutPerson(this.ports, input, {
      kind: 'citation',
      // No plate: no vehicle was involved.
      check: () => (input.plate.trim() === '' ? accept(null) : Plate.parse(input.plate)),
      file: async (plate, { filedBy, ...about }, now) => {
        const { locationText, statuteCode, statuteDescription, fineAmount } = input;
        const cited = { plate: plate?.display ?? null, locationText, statuteCode, statuteDescription, fineAmount };
        const citation: Citation = { ...about, ...cited, id: this.ports.ids.next<CitationId>(), issuedBy: filedBy, issuedAt: now };
        await this.ports.citations.add(citation);
        return { id: citation.id, result: { citationId: citation.id, citationNumber: citation.number }, details: { statuteCode } };
      },
    });
  }
}
