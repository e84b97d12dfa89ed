import { LockMode } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import type {
  CharacterRepository,
  IdentifierLinkRepository,
  LinkCodeRepository,
  MembershipRepository,
  PendingLinkRepository,
  RosterFilter,
} from '../../../application/ports/roster-repositories.ts';
import type { KeysetPage } from '../../../application/ports/records-repositories.ts';
import type { Character } from '../../../domain/roster/character.ts';
import type { IdentifierLink } from '../../../domain/roster/identifier-link.ts';
import type { LinkCode } from '../../../domain/roster/link-code.ts';
import type { PendingLink } from '../../../domain/roster/pending-link.ts';
import type { Membership } from '../../../domain/roster/membership.ts';
import type { IdentifierKind, PlayerIdentifier, PlayerIdentifiers } from '../../../domain/roster/player-identifiers.ts';
import type { CharacterId, DepartmentId, MembershipId, OrganisationId, PersonId } from '../../../domain/shared/ids.ts';
import { MappedTable, keysetPage } from '../mapped-table.ts';
import {
  characterFromRecord,
  identifierLinkFromRecord,
  linkCodeFromRecord,
  membershipFromRecord,
  pendingLinkFromRecord,
} from '../mappers/roster-mappers.ts';
import type { OrmSession } from '../orm-session.ts';
import { rawDate } from '../raw-values.ts';
import { CharacterRecord, IdentifierLinkRecord, LinkCodeRecord, MembershipRecord, PendingLinkRecord } from '../records/roster-records.ts';

export class MikroOrmCharacterRepository implements CharacterRepository {
  private readonly rows: MappedTable<CharacterRecord, Character>;

  constructor(private readonly session: OrmSession) {
    this.rows = new MappedTable(session, CharacterRecord, characterFromRecord);
  }

  get = (id: CharacterId) => this.rows.one({ id });
  save = (character: Character) => this.rows.put({ ...character.snapshot() });
  page = (organisationId: OrganisationId, page: KeysetPage) => keysetPage(this.rows, [{ organisationId }], page);
  ownedBy = (organisationId: OrganisationId, personId: PersonId) =>
    this.rows.many({ organisationId, ownerPersonId: personId }, { orderBy: { createdAt: 'asc', id: 'asc' } });

  /** A transaction-scoped advisory lock per owner: released at commit or rollback, never left behind. */
  holdOwner = async (organisationId: OrganisationId, personId: PersonId) => {
    const em = this.session.em() as unknown as SqlEntityManager;
    await em.execute(`select pg_advisory_xact_lock(hashtext('character-owner'), hashtext(?))`, [`${organisationId}/${personId}`]);
  };
}

const FIND_LINKS_AMONG = `select l.kind, l.value, l.character_id, l.linked_at
  from identifier_links l
  where l.organisation_id = ?
    and (l.kind, l.value) in (select i.kind, i.value from jsonb_to_recordset(?::jsonb) as i(kind text, value text))`;

export class MikroOrmIdentifierLinkRepository implements IdentifierLinkRepository {
  private readonly rows: MappedTable<IdentifierLinkRecord, IdentifierLink>;

  constructor(private readonly session: OrmSession) {
    this.rows = new MappedTable(session, IdentifierLinkRecord, identifierLinkFromRecord);
  }

  findLinks = (organisationId: OrganisationId, identifiers: PlayerIdentifiers) =>
    this.rows.many({ $or: identifiers.entries.map(({ kind, value }) => ({ organisationId, kind, value })) });

  linksOf = (organisationId: OrganisationId, characterId: CharacterId) => this.rows.many({ organisationId, characterId });

  linkedAmong = async (organisationId: OrganisationId, characterIds: readonly CharacterId[]): Promise<ReadonlySet<CharacterId>> => {
    if (characterIds.length === 0) return new Set();
    const links = await this.rows.many({ organisationId, characterId: { $in: [...characterIds] } });
    return new Set(links.map((l) => l.characterId));
  };

  /**
   * One statement whatever the number of identifiers: they go in as one JSON array, and the
   * semi-join returns each link once, however often its identifier was sent.
   */
  async findLinksAmong(organisationId: OrganisationId, identifiers: readonly PlayerIdentifier[]): Promise<IdentifierLink[]> {
    if (identifiers.length === 0) return [];
    const em = this.session.em() as unknown as SqlEntityManager;
    const rows = await em.execute<Array<{ kind: string; value: string; character_id: string; linked_at: unknown }>>(FIND_LINKS_AMONG, [
      organisationId,
      JSON.stringify(identifiers.map(({ kind, value }) => ({ kind, value }))),
    ]);
    return rows.map((row) => ({
      organisationId,
      kind: row.kind as IdentifierKind,
      value: row.value,
      characterId: row.character_id as CharacterId,
      linkedAt: rawDate(row.linked_at),
    }));
  }

  unlink = async (organisationId: OrganisationId, characterId: CharacterId, { kind, value }: PlayerIdentifier) => {
    const removed = await this.session.em().nativeDelete(IdentifierLinkRecord, { organisationId, kind, value, characterId });
    return removed > 0;
  };

  async link(links: readonly IdentifierLink[]) {
    if (links.length === 0) return;
    await this.session.write((em) =>
      em.upsertMany(
        IdentifierLinkRecord,
        links.map((link) => ({ ...link })),
      ),
    );
  }
}

export class MikroOrmLinkCodeRepository implements LinkCodeRepository {
  private readonly rows: MappedTable<LinkCodeRecord, LinkCode>;

  constructor(session: OrmSession) {
    this.rows = new MappedTable(session, LinkCodeRecord, linkCodeFromRecord);
  }

  findByHash = (organisationId: OrganisationId, codeHash: string) => this.rows.one({ organisationId, codeHash });
  /** `SELECT ... FOR UPDATE`: a concurrent redemption of the same code waits for this one. */
  findByHashForUpdate = (organisationId: OrganisationId, codeHash: string) =>
    this.rows.one({ organisationId, codeHash }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  save = (code: LinkCode) => this.rows.put({ ...code.snapshot() });
}

export class MikroOrmPendingLinkRepository implements PendingLinkRepository {
  private readonly rows: MappedTable<PendingLinkRecord, PendingLink>;

  constructor(session: OrmSession) {
    this.rows = new MappedTable(session, PendingLinkRecord, pendingLinkFromRecord);
  }

  /** `SELECT ... FOR UPDATE`: a concurrent confirmation of the same link waits for this one. */
  findByHashForUpdate = (organisationId: OrganisationId, codeHash: string) =>
    this.rows.one({ organisationId, codeHash }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  /** The organisation's live pending links are few (ten minutes each), so the identifier is matched here. */
  waitingWith = async (organisationId: OrganisationId, identifier: PlayerIdentifier, now: Date, forUpdate = false) => {
    const live = await this.rows.many(
      { organisationId, usedAt: null, expiresAt: { $gt: now } },
      { orderBy: { issuedAt: 'asc' }, ...(forUpdate ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}) },
    );
    return live.filter((link) => link.identifiers.some((e) => e.kind === identifier.kind && e.value === identifier.value));
  };
  save = (link: PendingLink) => {
    const { identifiers, ...state } = link.snapshot();
    return this.rows.put({ ...state, identifiers: identifiers.map(({ kind, value }) => ({ kind, value })) });
  };
}

export class MikroOrmMembershipRepository implements MembershipRepository {
  private readonly rows: MappedTable<MembershipRecord, Membership>;

  constructor(session: OrmSession) {
    this.rows = new MappedTable(session, MembershipRecord, membershipFromRecord);
  }

  get = (id: MembershipId) => this.rows.one({ id });
  /** `SELECT ... FOR UPDATE`: a concurrent removal of the same membership waits for this one. */
  getForUpdate = (id: MembershipId) => this.rows.one({ id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  findFor = (departmentId: DepartmentId, characterId: CharacterId) => this.rows.one({ departmentId, characterId, endedAt: null });
  ofCharacter = (characterId: CharacterId) => this.rows.many({ characterId, endedAt: null });
  add = (membership: Membership) => this.rows.insert({ ...membership });
  save = (membership: Membership) => this.rows.put({ ...membership });
  page = (filter: RosterFilter, page: KeysetPage) => keysetPage(this.rows, [rosterWhere(filter), { endedAt: null }], page);
}

/** The organisation's rows, or one department's of it. */
export function rosterWhere({ organisationId, departmentId }: RosterFilter) {
  return departmentId === undefined ? { organisationId } : { organisationId, departmentId };
}
