import type { IdentifierLink } from '../../domain/roster/identifier-link.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { DepartmentId, OrganisationId } from '../../domain/shared/ids.ts';
import type { Unit } from '../../domain/unit/unit.ts';

/** One linked identifier of the player, with the linked character's unit in the department asked about. */
export interface PlayerCandidate extends IdentifierLink {
  /** The unit of the character's membership in that department; null without a membership. */
  readonly unit: Unit | null;
}

/**
 * The read behind the bridge gate, in one round trip, fresh on every request: which of the
 * identifiers are linked in the organisation, and for each linked character its unit in the
 * department. Which candidate wins is the domain's rule (`PlayerIdentifiers.resolve`).
 */
export interface BridgePlayerReader {
  candidates(organisationId: OrganisationId, departmentId: DepartmentId | null, identifiers: PlayerIdentifiers): Promise<PlayerCandidate[]>;
}
