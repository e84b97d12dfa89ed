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
import {
  characterFromRecord,
  identifierLinkFromRecord,
  linkCodeFromRecord,
  membershipFromRecord,
} from '../mappers/roster-mappers.ts';
import type { OrmSession } from '../orm-session.ts';
import { CharacterRecord, IdentifierLinkRecord, LinkCodeRecord, MembershipRecord } from '../records/roster-records.ts';

export class MikroOrmCharacterRepository implements CharacterRepository {
  constructor(private readonly session: OrmSession) {}

  async get(id: CharacterId) {
    const record = await this.session.em().findOne(CharacterRecord, { id });
    return record && characterFromRecord(record);
  }

  async save(character: Character) {
    await this.session.write((em) => em.upsert(CharacterRecord, { ...character.snapshot() }));
  }
}

export class MikroOrmIdentifierLinkRepository implements IdentifierLinkRepository {
  constructor(private readonly session: OrmSession) {}

  async findLinks(organisationId: OrganisationId, identifiers: PlayerIdentifiers) {
    const records = await this.session.em().find(IdentifierLinkRecord, {
      $or: identifiers.entries.map(({ kind, value }) => ({ organisationId, kind, value })),
    });
    return records.map(identifierLinkFromRecord);
  }

  async link(links: readonly IdentifierLink[]) {
    if (links.length === 0) return;
    await this.session.write((em) => em.upsertMany(IdentifierLinkRecord, links.map((link) => ({ ...link }))));
  }
}

export class MikroOrmLinkCodeRepository implements LinkCodeRepository {
  constructor(private readonly session: OrmSession) {}

  async findByHash(organisationId: OrganisationId, codeHash: string) {
    const record = await this.session.em().findOne(LinkCodeRecord, { organisationId, codeHash });
    return record && linkCodeFromRecord(record);
  }

  async save(code: LinkCode) {
    await this.session.write((em) => em.upsert(LinkCodeRecord, { ...code.snapshot() }));
  }
}

export class MikroOrmMembershipRepository implements MembershipRepository {
  constructor(private readonly session: OrmSession) {}

  async findFor(departmentId: DepartmentId, characterId: CharacterId) {
    const record = await this.session.em().findOne(MembershipRecord, { departmentId, characterId });
    return record && membershipFromRecord(record);
  }

  async add(membership: Membership) {
    await this.session.write((em) => em.insert(MembershipRecord, { ...membership }));
  }
}
