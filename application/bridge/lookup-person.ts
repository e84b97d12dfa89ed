import type { Civilian } from '../../domain/records/civilian.ts';
import type { GameGrant } from '../../domain/credential/access-grant.ts';
import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';

export const MAX_PERSON_MATCHES = 10;

/** `/lookup/person`: civilians with exactly this name (case and spacing aside), at most ten. */
export class LookupPerson {
  constructor(private readonly ports: Pick<Ports, 'gate' | 'civilians'>) {}

  async execute(input: {
    grant: GameGrant;
    identifiers: PlayerIdentifiers;
    firstName: string;
    lastName: string;
  }): Promise<Outcome<readonly Civilian[], GateRefusal | 'no_match'>> {
    const officer = await this.ports.gate.onDuty(input.grant, input.identifiers);
    if (!officer.ok) return officer;
    const found = await this.ports.civilians.findByName(input.grant.organisationId, input.firstName, input.lastName, MAX_PERSON_MATCHES);
    if (found.length === 0) return refuse('no_match');
    return accept(found);
  }
}
