import type { CharacterId, OrganisationId } from '../shared/ids.ts';
import type { IdentifierKind, PlayerIdentifiers } from './player-identifiers.ts';

/** One platform identifier of a player, linked to a character of one organisation. */
export interface IdentifierLink {
  readonly organisationId: OrganisationId;
  readonly kind: IdentifierKind;
  readonly value: string;
  readonly characterId: CharacterId;
  readonly linkedAt: Date;
}

/** The links that tie every identifier a player sent to one character. */
export function linksFor(
  organisationId: OrganisationId,
  identifiers: PlayerIdentifiers,
  characterId: CharacterId,
  now: Date,
): IdentifierLink[] {
  return identifiers.entries.map((entry) => ({ organisationId, ...entry, characterId, linkedAt: now }));
}
