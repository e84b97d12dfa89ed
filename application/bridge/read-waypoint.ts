import type { GameGrant } from '../../domain/credential/access-grant.ts';
import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import { type Outcome, accept } from '../../domain/shared/outcome.ts';
import type { UnitAssignment } from '../../domain/unit/unit.ts';
import type { Ports } from '../ports/port-catalogue.ts';

/** `/waypoint`: where the officer's unit is sent (its assignment, with or without a pin; null without one), read and nothing else. */
export class ReadWaypoint {
  constructor(private readonly ports: Pick<Ports, 'gate'>) {}

  async execute(input: { grant: GameGrant; identifiers: PlayerIdentifiers }): Promise<Outcome<UnitAssignment | null, GateRefusal>> {
    const officer = await this.ports.gate.onDuty(input.grant, input.identifiers);
    return officer.ok ? accept(officer.value.unit.assignment) : officer;
  }
}
