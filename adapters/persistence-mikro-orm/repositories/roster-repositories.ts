import type {
  CharacterRepository,
  IdentifierLinkRepository,
  LinkCodeRepository,
  MembershipRepository,
} from '../../../application/ports/roster-repositories.ts';
import type { Character } from '../../../domain/roster/character.ts';
import type { IdentifierLink } from '../../../domain/roster/identifier-link.ts';
import type { LinkCode } from '../../../domain/roster/link-code.ts';
import type { Membership } from '../../../domain/roster/membership.ts';
import type { PlayerIdentifiers } from '../../../domain/roster/player-identifiers.ts';
import type { CharacterId, DepartmentId, OrganisationId } from '../../../domain/shared/ids.ts';
import { MappedTable } from '../mapped-table.ts';
import { characterFromRecord, identifierLinkFromRecord, linkCodeFromRecord, membershipFromRecord } from '../mappers/roster-mappers.ts';
import type { OrmSession } from '../orm-session.ts';
import { CharacterRecord, IdentifierLinkRecord, LinkCodeRecord, MembershipRecord } from '../records/roster-records.ts';

export class MikroOrmCharacterRepository implements CharacterRepository {
  private readonly rows: MappedTable<CharacterRecord, Character>;

  constructor(session: OrmSession) {
    this.rows = new MappedTable(session, CharacterRecord, characterFromRecord);
  }

  get = (id: CharacterId) => this.rows.one({ id });
  save = (character: Character) => this.rows.put({ ...character.snapshot() });
}

export class MikroOrmIdentifierLinkRepository implements IdentifierLinkRepository {
  private readonly rows: MappedTable<IdentifierLinkRecord, IdentifierLink>;

  constructor(private readonly session: OrmSession) {
    this.rows = new MappedTable(session, IdentifierLinkRecord, identifierLinkFromRecord);
  }

  findLinks = (organisationId: OrganisationId, identifiers: PlayerIdentifiers) =>
    this.rows.many({ $or: identifiers.entries.map(({ kind, value }) => ({ organisationId, kind, value })) });

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
  save = (code: LinkCode) => this.rows.put({ ...code.snapshot() });
}

export class MikroOrmMembershipRepository implements MembershipRepository {
  private readonly rows: MappedTable<MembershipRecord, Membership>;

  constructor(session: OrmSession) {
    this.rows = new MappedTable(session, MembershipRecord, membershipFromRecord);
  }

  findFor = (departmentId: DepartmentId, characterId: CharacterId) => this.rows.one({ departmentId, characterId });
  add = (membership: Membership) => this.rows.insert({ ...membership });
}
