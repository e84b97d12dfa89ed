import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import type { BridgePlayerReader, PlayerCandidate } from '../../../application/ports/bridge-player-reader.ts';
import type { IdentifierKind, PlayerIdentifiers } from '../../../domain/roster/player-identifiers.ts';
import type { CharacterId, DepartmentId, OrganisationId } from '../../../domain/shared/ids.ts';
import { UNIT_COLUMNS, type UnitRow, unitFieldsFromRow, unitFromRecord } from '../mappers/roster-mappers.ts';
import type { OrmSession } from '../orm-session.ts';
import { rawDate } from '../raw-values.ts';

type CandidateRow = UnitRow & { link_kind: string; link_value: string; link_character_id: string; link_linked_at: unknown };

/**
 * The bridge gate's read, on the hot path (every heartbeat of every officer): one statement over
 * the identifier links' primary key, joined to the character's membership in the department and
 * its unit. The `(kind, value)` list has one pair per identifier the player sent (at most four).
 */
export function candidatesSql(pairs: number): string {
  const unitColumns = UNIT_COLUMNS.map((column) => `u.${column}`).join(', ');
  const list = Array.from({ length: pairs }, () => '(?, ?)').join(', ');
  return `select l.kind as link_kind, l.value as link_value, l.character_id as link_character_id, l.linked_at as link_linked_at, ${unitColumns}
  from identifier_links l
  left join memberships m on m.character_id = l.character_id and m.department_id = ?
  left join units u on u.id = m.unit_id
  where l.organisation_id = ? and (l.kind, l.value) in (${list})`;
}

export class MikroOrmBridgePlayerReader implements BridgePlayerReader {
  constructor(private readonly session: OrmSession) {}

  async candidates(
    organisationId: OrganisationId,
    departmentId: DepartmentId | null,
    identifiers: PlayerIdentifiers,
  ): Promise<PlayerCandidate[]> {
    const pairs = identifiers.entries;
    if (pairs.length === 0) return [];
    const em = this.session.em() as unknown as SqlEntityManager;
    const rows = await em.execute<CandidateRow[]>(candidatesSql(pairs.length), [
      departmentId,
      organisationId,
      ...pairs.flatMap(({ kind, value }) => [kind, value]),
    ]);
    return rows.map((row) => ({
      organisationId,
      kind: row.link_kind as IdentifierKind,
      value: row.link_value,
      characterId: row.link_character_id as CharacterId,
      linkedAt: rawDate(row.link_linked_at),
      unit: row.id == null ? null : unitFromRecord(unitFieldsFromRow(row)),
    }));
  }
}
