import type { GameGrant } from '../../domain/credential/access-grant.ts';
import {
  type GateFacts,
  type GateRefusal,
  type LinkedPlayer,
  type OnDutyOfficer,
  admitOfficer,
  judgeLinkGate,
} from '../../domain/gate/bridge-gate.ts';
import type { OrganisationSettings } from '../../domain/organisation/organisation.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import { settingsRead } from '../events/settings-read.ts';
import type { BridgePlayerReader, GateReadOptions, PlayerCandidate } from '../ports/bridge-player-reader.ts';
import type { UnitOfWork } from '../ports/unit-of-work.ts';

/** An officer who passed the full gate, with the unit and the organisation's settings as they were read. */
export interface GatedOfficer extends OnDutyOfficer {
  readonly unit: Unit;
  readonly settings: OrganisationSettings;
}

/** A linked player who passed the link gate, with the organisation's settings as they were read. */
export interface GatedPlayer extends LinkedPlayer {
  readonly settings: OrganisationSettings;
}

/**
 * The bridge gate of section 5.4, applied to facts read fresh for every request: nothing about
 * a player is cached between calls, so a link, a duty change or a deactivation counts at once.
 * One statement reads the player and the organisation's settings; inside a unit of work it joins
 * it, and the settings are kept for that unit of work's later work (`settingsRead`).
 */
export class BridgeGate {
  constructor(
    private readonly players: BridgePlayerReader,
    private readonly uow: UnitOfWork,
  ) {}

  /**
   * The character the identifiers resolve to, with its unit in `departmentId` (the credential's by
   * default); with `lockUnits`, inside a write, the unit is locked by the same statement and read as locked.
   */
  async player(
    grant: GameGrant,
    identifiers: PlayerIdentifiers,
    departmentId = grant.departmentId,
    options?: GateReadOptions,
  ): Promise<PlayerCandidate | null> {
    return (await this.read(grant, identifiers, departmentId, options)).player;
  }

  /** The link gate: `/911`, `/civilian/claim`, `/mdt-handoff`; with the settings its statement read. */
  async linked(grant: GameGrant, identifiers: PlayerIdentifiers): Promise<Outcome<GatedPlayer, 'not_linked'>> {
    const read = await this.read(grant, identifiers, grant.departmentId);
    return withSettings(judgeLinkGate(this.facts(grant, read.player)), read.settings);
  }

  /** The full gate: link, membership in the credential's department, active unit not off duty. */
  async onDuty(grant: GameGrant, identifiers: PlayerIdentifiers): Promise<Outcome<GatedOfficer, GateRefusal>> {
    return this.admit(grant, await this.read(grant, identifiers, grant.departmentId));
  }

  /**
   * The full gate inside a write that changes the officer's unit: the same statement locks the unit
   * (`FOR UPDATE`), and the gate judges the unit as locked, so a duty change committed while the
   * write waited for the lock counts. Call writes lock the call before this (call, then unit).
   */
  async onDutyLockingUnit(grant: GameGrant, identifiers: PlayerIdentifiers): Promise<Outcome<GatedOfficer, GateRefusal>> {
    return this.admit(grant, await this.read(grant, identifiers, grant.departmentId, { lockUnits: true }));
  }

  /** The full gate on a player already read (`/mdt-handoff` reads once and judges both tiers). */
  judgeOnDuty(grant: GameGrant, player: PlayerCandidate | null): Outcome<OnDutyOfficer & { readonly unit: Unit }, GateRefusal> {
    return admitOfficer(this.facts(grant, player));
  }

  private admit(grant: GameGrant, read: GateRead): Outcome<GatedOfficer, GateRefusal> {
    return withSettings(this.judgeOnDuty(grant, read.player), read.settings);
  }

  private async read(grant: GameGrant, identifiers: PlayerIdentifiers, departmentId: GameGrant['departmentId'], options?: GateReadOptions) {
    const { organisationId } = grant;
    const { settings, candidates } = await this.players.gateFacts(organisationId, departmentId, identifiers, options);
    if (settings !== null) settingsRead.note(this.uow, organisationId, settings);
    return { settings, player: identifiers.resolve(candidates) ?? null };
  }

  private facts(grant: GameGrant, player: PlayerCandidate | null): GateFacts<Unit> {
    return {
      credential: { kind: grant.kind, departmentId: grant.departmentId },
      characterId: player?.characterId ?? null,
      unit: player?.unit ?? null,
    };
  }
}

/** A player the gate admitted, with the settings its statement read. A player is linked only in an organisation that exists: without its row nobody passes. */
function withSettings<Player, Reason extends string>(
  player: Outcome<Player, Reason>,
  settings: OrganisationSettings | null,
): Outcome<Player & { readonly settings: OrganisationSettings }, Reason | 'not_linked'> {
  if (!player.ok) return player;
  if (settings === null) return refuse('not_linked');
  return accept({ ...player.value, settings });
}

interface GateRead {
  readonly settings: OrganisationSettings | null;
  readonly player: PlayerCandidate | null;
}
