import type { OrganisationSettings } from '../../domain/organisation/organisation.ts';
import type { IdentifierLink } from '../../domain/roster/identifier-link.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { DepartmentId, OrganisationId } from '../../domain/shared/ids.ts';
import type { Unit } from '../../domain/unit/unit.ts';

/** One linked identifier of the player, with the linked character's unit in the department asked about. */
export interface PlayerCandidate extends IdentifierLink {
  /** The unit of the character's current membership in that department; null without one (an ended one counts as none). */
  readonly unit: Unit | null;
}

/** What the bridge gate and the bridge routes' own rules read, in one statement. */
export interface GateFactsRead {
  /** The organisation's settings as they are now; null when there is no such organisation. */
  readonly settings: OrganisationSettings | null;
  readonly candidates: PlayerCandidate[];
}

export interface GateReadOptions {
  /**
   * Inside a unit of work that will write the unit: the candidates' units are locked (`FOR UPDATE`)
   * by the same statement, and come back as locked (a concurrent writer's commit is seen).
   */
  readonly lockUnits?: boolean;
}

/**
 * The read behind the bridge gate, in one round trip, fresh on every request: which of the
 * identifiers are linked in the organisation, and for each linked character its unit in the
 * department. Which candidate wins is the domain's rule (`PlayerIdentifiers.resolve`).
 */
export interface BridgePlayerReader {
  candidates(organisationId: OrganisationId, departmentId: DepartmentId | null, identifiers: PlayerIdentifiers): Promise<PlayerCandidate[]>;
  /** As `candidates`, with the organisation's settings, in the same single statement. */
  gateFacts(
    organisationId: OrganisationId,
    departmentId: DepartmentId | null,
    identifiers: PlayerIdentifiers,
    options?: GateReadOptions,
  ): Promise<GateFactsRead>;
}
