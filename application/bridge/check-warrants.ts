import type { GameGrant } from '../../domain/credential/access-grant.ts';
import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import { resolveOnePerson } from '../../domain/records/person-resolution.ts';
import { hasActiveWarrant } from '../../domain/records/warrant.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { CivilianId } from '../../domain/shared/ids.ts';
import { type Outcome, accept } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';

/** Same-named civilians read to resolve one person; a name shared more widely than this is ambiguous anyway. */
const RESOLUTION_WINDOW = 50;

export interface WarrantCheckInput {
  readonly grant: GameGrant;
  readonly identifiers: PlayerIdentifiers;
  readonly firstName: string;
  readonly lastName: string;
  readonly dateOfBirth: string;
}

/**
 * `/warrant-check`: resolves exactly one civilian by exact name, narrowed by date of birth only
 * when the name is shared, and answers whether any of their warrants is active. It never guesses.
 */
export class CheckWarrants {
  constructor(private readonly ports: Pick<Ports, 'gate' | 'civilians' | 'warrants'>) {}

  async execute(
    input: WarrantCheckInput,
  ): Promise<Outcome<{ civilianId: CivilianId; hasActiveWarrant: boolean }, GateRefusal | 'no_match' | 'multiple_matches'>> {
    const officer = await this.ports.gate.onDuty(input.grant, input.identifiers);
    if (!officer.ok) return officer;
    const named = await this.ports.civilians.findByName(input.grant.organisationId, input.firstName, input.lastName, RESOLUTION_WINDOW);
    const person = resolveOnePerson(named, input.dateOfBirth);
    if (!person.ok) return person;
    const warrants = await this.ports.warrants.listForCivilian(person.value.id);
    return accept({ civilianId: person.value.id, hasActiveWarrant: hasActiveWarrant(warrants) });
  }
}
