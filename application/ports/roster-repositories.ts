import type { Character } from '../../domain/roster/character.ts';
import type { IdentifierLink } from '../../domain/roster/identifier-link.ts';
import type { LinkCode } from '../../domain/roster/link-code.ts';
import type { PendingLink } from '../../domain/roster/pending-link.ts';
import type { Membership } from '../../domain/roster/membership.ts';
import type { PlayerIdentifier, PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { CharacterId, DepartmentId, MembershipId, OrganisationId, PersonId } from '../../domain/shared/ids.ts';
import type { KeysetPage } from './records-repositories.ts';

/** Whose rows a roster page walks: an organisation's, or one department's of it. */
export interface RosterFilter {
  readonly organisationId: OrganisationId;
  readonly departmentId?: DepartmentId;
}

export interface CharacterRepository {
  get(id: CharacterId): Promise<Character | null>;
  save(character: Character): Promise<void>;
  /** A keyset page of the organisation's characters. */
  page(organisationId: OrganisationId, page: KeysetPage): Promise<Character[]>;
  /** The person's own characters in the organisation, retired ones included, oldest first. */
  ownedBy(organisationId: OrganisationId, personId: PersonId): Promise<Character[]>;
  /**
   * Inside a unit of work: waits until no other unit of work holds the same owner, so that two
   * characters created at once are counted one after the other against the organisation's limit.
   */
  holdOwner(organisationId: OrganisationId, personId: PersonId): Promise<void>;
}

export interface IdentifierLinkRepository {
  /** The links among these identifiers in the organisation (at most one per identifier). */
  findLinks(organisationId: OrganisationId, identifiers: PlayerIdentifiers): Promise<IdentifierLink[]>;
  /** The links among many players' identifiers at once (a `/presence` heartbeat), in one read. */
  findLinksAmong(organisationId: OrganisationId, identifiers: readonly PlayerIdentifier[]): Promise<IdentifierLink[]>;
  /** Every identifier linked to the character (an MDT session names its player by the character). */
  linksOf(organisationId: OrganisationId, characterId: CharacterId): Promise<IdentifierLink[]>;
  /** Which of these characters have at least one identifier linked (the roster's Linked column), in one read. */
  linkedAmong(organisationId: OrganisationId, characterIds: readonly CharacterId[]): Promise<ReadonlySet<CharacterId>>;
  /** Links each identifier to its character, moving any earlier link of the same identifier. */
  link(links: readonly IdentifierLink[]): Promise<void>;
  /** Removes the link of that identifier if it ties it to that character; true when it did. */
  unlink(organisationId: OrganisationId, characterId: CharacterId, identifier: PlayerIdentifier): Promise<boolean>;
}

export interface LinkCodeRepository {
  findByHash(organisationId: OrganisationId, codeHash: string): Promise<LinkCode | null>;
  /** As `findByHash`, holding the code against concurrent redemptions until the transaction ends. */
  findByHashForUpdate(organisationId: OrganisationId, codeHash: string): Promise<LinkCode | null>;
  save(code: LinkCode): Promise<void>;
}

export interface PendingLinkRepository {
  /** Holds the pending link against a concurrent confirmation until the transaction ends. */
  findByHashForUpdate(organisationId: OrganisationId, codeHash: string): Promise<PendingLink | null>;
  /**
   * The organisation's pending links not yet used nor expired at `now` whose identifiers include
   * this one, oldest first; `forUpdate` holds them against a concurrent confirmation.
   */
  waitingWith(organisationId: OrganisationId, identifier: PlayerIdentifier, now: Date, forUpdate?: boolean): Promise<PendingLink[]>;
  save(link: PendingLink): Promise<void>;
}

export interface MembershipRepository {
  get(id: MembershipId): Promise<Membership | null>;
  /** As `get`, holding the membership against a concurrent removal until the transaction ends. */
  getForUpdate(id: MembershipId): Promise<Membership | null>;
  /** The character's current membership of the department (an ended one is history, not found here). */
  findFor(departmentId: DepartmentId, characterId: CharacterId): Promise<Membership | null>;
  /** Every current department membership of the character. */
  ofCharacter(characterId: CharacterId): Promise<Membership[]>;
  /**
   * Throws `UniqueConstraintViolation('membership')` when the character is already a current
   * member, and `('membership_unit')` when the unit already belongs to a membership. A character
   * whose membership ended may be added again: that is a new membership.
   */
  add(membership: Membership): Promise<void>;
  /** Writes the change of a membership that exists (its end). */
  save(membership: Membership): Promise<void>;
  /** A keyset page of the current memberships that match. */
  page(filter: RosterFilter, page: KeysetPage): Promise<Membership[]>;
}
