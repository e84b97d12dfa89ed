import type { GameGrant } from '../../domain/credential/access-grant.ts';
import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { CallId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { accept } from '../../domain/shared/outcome.ts';
import type { BridgeGate } from './bridge-gate.ts';

export type WaypointAnswer =
  | { readonly hasWaypoint: true; readonly callId: CallId; readonly callNumber: string; readonly mapX: number; readonly mapY: number }
  | {
      readonly hasWaypoint: false;
      readonly reason: 'no_assignment' | 'no_pin';
      readonly assignedCallId: CallId | null;
      readonly assignedCallNumber: string | null;
    };

/** `/waypoint`: where the officer's unit is sent, read and nothing else. */
export class ReadWaypoint {
  constructor(private readonly gate: BridgeGate) {}

  async execute(input: { grant: GameGrant; identifiers: PlayerIdentifiers }): Promise<Outcome<WaypointAnswer, GateRefusal>> {
    const officer = await this.gate.onDuty(input.grant, input.identifiers);
    if (!officer.ok) return officer;
    const assignment = officer.value.unit.assignment;
    if (assignment === null) return accept({ hasWaypoint: false, reason: 'no_assignment', assignedCallId: null, assignedCallNumber: null });
    if (assignment.pin === null) {
      return accept({ hasWaypoint: false, reason: 'no_pin', assignedCallId: assignment.callId, assignedCallNumber: assignment.callNumber });
    }
    return accept({
      hasWaypoint: true,
      callId: assignment.callId,
      callNumber: assignment.callNumber,
      mapX: assignment.pin.x,
      mapY: assignment.pin.y,
    });
  }
}
