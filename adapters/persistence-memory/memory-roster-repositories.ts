import type {
  CharacterRepository,
  IdentifierLinkRepository,
  LinkCodeRepository,
  MembershipRepository,
  PendingLinkRepository,
  RosterFilter,
} from '../../application/ports/roster-repositories.ts';
import type { KeysetPage } from '../../application/ports/records-repositories.ts';
import { Character, type CharacterState } from '../../domain/roster/character.ts';
import type { IdentifierLink } from '../../domain/roster/identifier-link.ts';
import { LinkCode, type LinkCodeState } from '../../domain/roster/link-code.ts';
import { PendingLink, type PendingLinkState } from '../../domain/roster/pending-link.ts';
import type { Membership } from '../../domain/roster/membership.ts';
import type { PlayerIdentifier, PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { CharacterId, DepartmentId, MembershipId, OrganisationId, PersonId } from '../../domain/shared/ids.ts';
import type { MemoryDatabase, MemoryTable } from './memory-database.ts';
import { SnapshotTable, byText, keysetPage } from './snapshot-table.ts';

export class MemoryCharacterRepository implements CharacterRepository {
  private readonly rows: SnapshotTable<CharacterState, Character>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'characters', Character.restore);
  }

  get(id: CharacterId) {
    return this.rows.get(id);
  }

  save(character: Character) {
    return this.rows.save(character.snapshot());
  }

  page(organisationId: OrganisationId, page: KeysetPage) {
    return keysetPage(this.rows, (c) => c.organisationId === organisationId, page);
  }

  ownedBy(organisationId: OrganisationId, personId: PersonId) {
    return this.rows.filter(
      (c) => c.organisationId === organisationId && c.ownerPersonId === personId,
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || byText(a.id, b.id),
    );
  }

  /** Transactions here are serialisable already; nothing more to hold. */
  async holdOwner(_organisationId: OrganisationId, _personId: PersonId): Promise<void> {}
}

/** Where an identifier link is kept: one per identifier in an organisation. */
export const linkKey = (organisationId: string, kind: string, value: string) => `${organisationId}/${kind}/${value}`;

export class MemoryIdentifierLinkRepository implements IdentifierLinkRepository {
  private readonly rows: MemoryTable<IdentifierLink>;

  constructor(private readonly db: MemoryDatabase) {
    this.rows = db.table<IdentifierLink>('identifier_links');
  }

  findLinks(organisationId: OrganisationId, identifiers: PlayerIdentifiers) {
    return this.db.access(() => identifiers.entries.flatMap((e) => this.rows.get(linkKey(organisationId, e.kind, e.value)) ?? []));
  }

  findLinksAmong(organisationId: OrganisationId, identifiers: readonly PlayerIdentifier[]) {
    return this.db.access(() => {
      const keys = new Set(identifiers.map((e) => linkKey(organisationId, e.kind, e.value)));
      return [...keys].flatMap((key) => this.rows.get(key) ?? []);
    });
  }

  linksOf(organisationId: OrganisationId, characterId: CharacterId) {
    return this.db.access(() => this.rows.filter((l) => l.organisationId === organisationId && l.characterId === characterId));
  }

  linkedAmong(organisationId: OrganisationId, characterIds: readonly CharacterId[]) {
    return this.db.access(() => {
      const wanted = new Set(characterIds);
      const links = this.rows.filter((l) => l.organisationId === organisationId && wanted.has(l.characterId));
      return new Set(links.map((l) => l.characterId)) as ReadonlySet<CharacterId>;
    });
  }

  link(links: readonly IdentifierLink[]) {
    return this.db.access(() => {
      for (const link of links) this.rows.put(linkKey(link.organisationId, link.kind, link.value), link);
    });
  }

  unlink(organisationId: OrganisationId, characterId: CharacterId, { kind, value }: PlayerIdentifier) {
    return this.db.access(() => {
      const key = linkKey(organisationId, kind, value);
      if (this.rows.get(key)?.characterId !== characterId) return false;
      this.rows.delete(key);
      return true;
    });
  }
}

type StoredLinkCode = LinkCodeState & { readonly id: string };

export class MemoryLinkCodeRepository implements LinkCodeRepository {
  private readonly rows: SnapshotTable<StoredLinkCode, LinkCode>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'link_codes', ({ id: _key, ...state }) => LinkCode.restore(state));
  }

  findByHash(organisationId: OrganisationId, codeHash: string) {
    return this.rows.get(`${organisationId}/${codeHash}`);
  }

  /** Transactions here are serialisable already; nothing more to hold. */
  findByHashForUpdate(organisationId: OrganisationId, codeHash: string) {
    return this.rows.get(`${organisationId}/${codeHash}`);
  }

  save(code: LinkCode) {
    const state = code.snapshot();
    return this.rows.save({ ...state, id: `${state.organisationId}/${state.codeHash}` });
  }
}

type StoredPendingLink = PendingLinkState & { readonly id: string };

export class MemoryPendingLinkRepository implements PendingLinkRepository {
  private readonly rows: SnapshotTable<StoredPendingLink, PendingLink>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'pending_links', ({ id: _key, ...state }) => PendingLink.restore(state));
  }

  /** Transactions here are serialisable already; nothing more to hold. */
  findByHashForUpdate(organisationId: OrganisationId, codeHash: string) {
    return this.rows.get(`${organisationId}/${codeHash}`);
  }

  waitingWith(organisationId: OrganisationId, identifier: PlayerIdentifier, now: Date) {
    return this.rows.filter(
      (l) =>
        l.organisationId === organisationId &&
        l.usedAt === null &&
        l.expiresAt.getTime() > now.getTime() &&
        l.identifiers.some((e) => e.kind === identifier.kind && e.value === identifier.value),
      (a, b) => a.issuedAt.getTime() - b.issuedAt.getTime(),
    );
  }

  save(link: PendingLink) {
    const state = link.snapshot();
    return this.rows.save({ ...state, id: `${state.organisationId}/${state.codeHash}` });
  }
}

export class MemoryMembershipRepository implements MembershipRepository {
  private readonly rows: SnapshotTable<Membership, Membership>;

  constructor(db: MemoryDatabase) {
    this.rows = new SnapshotTable(db, 'memberships', (m) => m, [
      // One current membership per character and department; ended ones are history.
      { name: 'membership', key: (m) => (m.endedAt === null ? `${m.departmentId}/${m.characterId}` : null) },
      { name: 'membership_unit', key: (m) => m.unitId },
    ]);
  }

  get(id: MembershipId) {
    return this.rows.get(id);
  }

  /** Transactions here are serialisable already; nothing more to hold. */
  getForUpdate(id: MembershipId) {
    return this.rows.get(id);
  }

  findFor(departmentId: DepartmentId, characterId: CharacterId) {
    return this.rows.find((m) => m.departmentId === departmentId && m.characterId === characterId && m.endedAt === null);
  }

  ofCharacter(characterId: CharacterId) {
    return this.rows.filter((m) => m.characterId === characterId && m.endedAt === null);
  }

  add(membership: Membership) {
    return this.rows.save(membership);
  }

  save(membership: Membership) {
    return this.rows.save(membership);
  }

  page(filter: RosterFilter, page: KeysetPage) {
    return keysetPage(
      this.rows,
      (m) => m.organisationId === filter.organisationId && (filter.departmentId ?? m.departmentId) === m.departmentId && m.endedAt === null,
      page,
    );
  }
}
