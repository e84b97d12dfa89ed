import type { GameGrant } from '../../domain/credential/access-grant.ts';
import {
  type GateFacts,
  type GateRefusal,
  type LinkedPlayer,
  type OnDutyOfficer,
  admitOfficer,
  judgeLinkGate,
} from '../../domain/gate/bridge-gate.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import type { BridgePlayerReader, PlayerCandidate } from '../ports/bridge-player-reader.ts';

/** An officer who passed the full gate, with the unit as it was read. */
export interface GatedOfficer extends OnDutyOfficer {
  readonly unit: Unit;
}

/**
 * The bridge gate of section 5.4, applied to facts read fresh for every request: nothing about
 * a player is cached between calls, so a link, a duty change or a deactivation counts at once.
 * Inside a unit of work the read joins it.
 */
export class BridgeGate {
  constructor(private readonly players: BridgePlayerReader) {}

  /** The character the identifiers resolve to, with its unit in `departmentId` (the credential's by default). */
  async player(grant: GameGrant, identifiers: PlayerIdentifiers, departmentId = grant.departmentId): Promise<PlayerCandidate | null> {
    return identifiers.resolve(await this.players.candidates(grant.organisationId, departmentId, identifiers)) ?? null;
  }

  /** The link gate: `/911`, `/civilian/claim`, `/mdt-handoff`. */
  async linked(grant: GameGrant, identifiers: PlayerIdentifiers): Promise<Outcome<LinkedPlayer, 'not_linked'>> {
    return judgeLinkGate(this.facts(grant, await this.player(grant, identifiers)));
  }

  /** The full gate: link, membership in the credential's department, active unit not off duty. */
  async onDuty(grant: GameGrant, identifiers: PlayerIdentifiers): Promise<Outcome<GatedOfficer, GateRefusal>> {
    return this.judgeOnDuty(grant, await this.player(grant, identifiers));
  }

  /** The full gate on a player already read (`/mdt-handoff` reads once and judges both tiers). */
  judgeOnDuty(grant: GameGrant, player: PlayerCandidate | null): Outcome<GatedOfficer, GateRefusal> {
    return admitOfficer(this.facts(grant, player));
  }

  private facts(grant: GameGrant, player: PlayerCandidate | null): GateFacts<Unit> {
    return {
      credential: { kind: grant.kind, departmentId: grant.departmentId },
      characterId: player?.characterId ?? null,
      unit: player?.unit ?? null,
    };
  }
}
