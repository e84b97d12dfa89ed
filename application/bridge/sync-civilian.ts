import type { CivilianId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { audited, unchanged } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { credentialActor } from './bridge-actor.ts';
import { findOrRegisterCivilian } from './civilian-records.ts';
import { type PersonRequest, describePerson } from './person-input.ts';
import { playerNote } from './player-writes.ts';

/**
 * `/civilian`: makes sure the records know a person a player plays, for any player (no link
 * needed). An exact match (name and date of birth) is found, anything else registered.
 */
export class SyncCivilian {
  constructor(private readonly ports: Pick<Ports, 'civilians' | 'gate' | 'ids' | 'writes'>) {}

  async execute(input: PersonRequest): Promise<Outcome<{ civilianId: CivilianId; created: boolean }, 'invalid_date_of_birth'>> {
    const person = describePerson(input.civilian);
    if (!person.ok) return person;
    const { grant } = input;
    return this.ports.writes.run(credentialActor(grant), async (now) => {
      const { civilian, created } = await findOrRegisterCivilian(
        this.ports.civilians,
        this.ports.ids,
        grant.organisationId,
        person.value,
        now,
      );
      const result = { civilianId: civilian.id, created };
      if (!created) return unchanged(result);
      // No player resolved: the identifiers sent are kept instead, to tell who it was.
      const player = (await this.ports.gate.player(grant, input.identifiers))?.characterId ?? null;
      const details = player === null ? { identifiers: input.identifiers.entries } : {};
      return audited(result, playerNote(grant, player, 'civilian.registered', { type: 'civilian', id: civilian.id }, details));
    });
  }
}
