import type { GameGrant } from '../../domain/credential/access-grant.ts';
import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { CharacterId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import { type AuditDetails, type AuditSubject, auditNote } from '../audit/audit-note.ts';
import type { Audited, AuditedWrites, AuditNote } from '../audit/audited-writes.ts';
import { credentialActor } from './bridge-actor.ts';
import type { BridgeGate, GatedOfficer, GatedPlayer } from './bridge-gate.ts';

/** A bridge request names its player by the identifiers the game knows them by. */
export interface PlayerRequest {
  readonly grant: GameGrant;
  readonly identifiers: PlayerIdentifiers;
}

type PlayerWork<Player, Result, Reason extends string> = (player: Player, now: Date) => Promise<Outcome<Audited<Result>, Reason>>;

/**
 * A bridge write for the on-duty officer the request names: one unit of work attributed to the
 * credential, with the full gate passed inside it, so that the gate's read joins the transaction.
 */
export function writeAsOfficer<Result, Reason extends string>(
  gate: BridgeGate,
  writes: AuditedWrites,
  request: PlayerRequest,
  work: PlayerWork<GatedOfficer, Result, Reason>,
): Promise<Outcome<Result, Reason | GateRefusal>> {
  return writes.run<Result, Reason | GateRefusal>(credentialActor(request.grant), async (now) => {
    const officer = await gate.onDuty(request.grant, request.identifiers);
    return officer.ok ? work(officer.value, now) : officer;
  });
}

/** As `writeAsOfficer`, for any linked player (the link gate: `/911`, `/civilian/claim`). */
export function writeAsLinkedPlayer<Result, Reason extends string>(
  gate: BridgeGate,
  writes: AuditedWrites,
  request: PlayerRequest,
  work: PlayerWork<GatedPlayer, Result, Reason>,
): Promise<Outcome<Result, Reason | 'not_linked'>> {
  return writes.run<Result, Reason | 'not_linked'>(credentialActor(request.grant), async (now) => {
    const player = await gate.linked(request.grant, request.identifiers);
    return player.ok ? work(player.value, now) : player;
  });
}

/** A bridge write's audit note: in the credential's organisation, done for the player named (null: none resolved). */
export function playerNote(
  grant: GameGrant,
  player: CharacterId | null,
  action: string,
  subject: AuditSubject,
  details?: AuditDetails,
): AuditNote {
  return { ...auditNote(grant.organisationId, action, subject, details), playerCharacterId: player };
}
