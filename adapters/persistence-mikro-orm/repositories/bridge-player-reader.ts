import type {
  BridgePlayerReader,
  GateFactsRead,
  GateReadOptions,
  PlayerCandidate,
} from '../../../application/ports/bridge-player-reader.ts';
import type { MapType, OrganisationSettings } from '../../../domain/organisation/organisation.ts';
import type { JoinRule } from '../../../domain/people/join-rule.ts';
import type { IdentifierKind, PlayerIdentifiers } from '../../../domain/roster/player-identifiers.ts';
import type { CharacterId, DepartmentId, OrganisationId } from '../../../domain/shared/ids.ts';
import { UNIT_COLUMNS, type UnitRow, unitFieldsFromRow, unitFromRecord } from '../mappers/roster-mappers.ts';
import type { LeanReads } from '../lean-reads.ts';
import { rawDate } from '../raw-values.ts';

type CandidateRow = UnitRow & { link_kind: string | null; link_value: string; link_character_id: string; link_linked_at: unknown };
type GateRow = CandidateRow & {
  org_map_type: string;
  org_arrival_radius: number;
  org_concurrent_accounts_max: number | null;
  org_auto_provision: boolean;
  org_emergency_department_id: string | null;
  org_join_rule: string;
  org_characters_per_person: number;
  org_character_approval: boolean;
  org_trusted_identity_link: boolean;
  org_stale_unit_minutes: number;
};

const unitColumns = UNIT_COLUMNS.map((column) => `u.${column}`).join(', ');
const linkColumns = 'l.kind as link_kind, l.value as link_value, l.character_id as link_character_id, l.linked_at as link_linked_at';
const pairList = (pairs: number) => Array.from({ length: pairs }, () => '(?, ?)').join(', ');

/**
 * The bridge gate's read, on the hot path (every heartbeat of every officer): one statement over
 * the identifier links' primary key, joined to the character's current membership in the department
 * and its unit. The `(kind, value)` list has one pair per identifier the player sent (at most four).
 */
export function candidatesSql(pairs: number): string {
  return `select ${linkColumns}, ${unitColumns}
  from identifier_links l
  left join memberships m on m.character_id = l.character_id and m.department_id = ? and m.ended_at is null
  left join units u on u.id = m.unit_id
  where l.organisation_id = ? and (l.kind, l.value) in (${pairList(pairs)})`;
}

/**
 * The gate with the organisation's settings, in one statement: driven from the organisation's row
 * (so its settings come back even when no identifier is linked), left-joined to the links, the
 * membership and the unit. Locking, the units are selected by the membership in a materialised CTE
 * that takes their row locks (PostgreSQL refuses `FOR UPDATE` on the nullable side of an outer
 * join); under READ COMMITTED a row another transaction held comes back as that transaction
 * committed it. Parameters: (department, organisation, pairs) for the CTE when locking, then pairs,
 * department, organisation.
 */
export function gateFactsSql(pairs: number, lockUnits: boolean): string {
  const links = pairs === 0 ? 'false' : `(l.kind, l.value) in (${pairList(pairs)})`;
  const units = lockUnits ? 'locked' : 'units';
  const cte = lockUnits
    ? `with locked as materialized (
    select u.* from units u
    where u.id in (
      select m.unit_id from identifier_links l
      join memberships m on m.character_id = l.character_id and m.department_id = ? and m.ended_at is null
      where l.organisation_id = ? and ${links})
    order by u.id
    for update of u)
  `
    : '';
  return `${cte}select o.map_type as org_map_type, o.arrival_radius as org_arrival_radius,
    o.concurrent_accounts_max as org_concurrent_accounts_max, o.auto_provision as org_auto_provision,
    o.emergency_department_id as org_emergency_department_id, o.join_rule as org_join_rule,
    o.characters_per_person as org_characters_per_person, o.character_approval as org_character_approval,
    o.trusted_identity_link as org_trusted_identity_link, o.stale_unit_minutes as org_stale_unit_minutes,
    ${linkColumns}, ${unitColumns}
  from organisations o
  left join identifier_links l on l.organisation_id = o.id and ${links}
  left join memberships m on m.character_id = l.character_id and m.department_id = ? and m.ended_at is null
  left join ${units} u on u.id = m.unit_id
  where o.id = ?`;
}

function candidateFrom(organisationId: OrganisationId, row: CandidateRow): PlayerCandidate {
  return {
    organisationId,
    kind: row.link_kind as IdentifierKind,
    value: row.link_value,
    characterId: row.link_character_id as CharacterId,
    linkedAt: rawDate(row.link_linked_at),
    // A unit locked after its removal committed comes back ended: it is nobody's unit any more.
    unit: row.id == null || row.ended_at != null ? null : unitFromRecord(unitFieldsFromRow(row)),
  };
}

function settingsFrom(row: GateRow): OrganisationSettings {
  return {
    mapType: row.org_map_type as MapType,
    arrivalRadius: Number(row.org_arrival_radius),
    concurrentAccountsMax: row.org_concurrent_accounts_max ?? null,
    autoProvision: row.org_auto_provision,
    emergencyDepartmentId: (row.org_emergency_department_id ?? null) as DepartmentId | null,
    joinRule: row.org_join_rule as JoinRule,
    charactersPerPerson: Number(row.org_characters_per_person),
    characterApproval: row.org_character_approval,
    trustedIdentityLink: row.org_trusted_identity_link,
    staleUnitMinutes: row.org_stale_unit_minutes,
  };
}

export class MikroOrmBridgePlayerReader implements BridgePlayerReader {
  /** Outside a unit of work the gate's read goes straight to the driver; inside one it joins the transaction. */
  constructor(private readonly reads: LeanReads) {}

  async candidates(
    organisationId: OrganisationId,
    departmentId: DepartmentId | null,
    identifiers: PlayerIdentifiers,
  ): Promise<PlayerCandidate[]> {
    const pairs = identifiers.entries;
    if (pairs.length === 0) return [];
    const statement = this.reads.statement(`gate_candidates_${pairs.length}`, () => candidatesSql(pairs.length));
    const rows = await this.reads.rows<CandidateRow>(statement, [
      departmentId,
      organisationId,
      ...pairs.flatMap(({ kind, value }) => [kind, value]),
    ]);
    return rows.map((row) => candidateFrom(organisationId, row));
  }

  async gateFacts(
    organisationId: OrganisationId,
    departmentId: DepartmentId | null,
    identifiers: PlayerIdentifiers,
    options: GateReadOptions = {},
  ): Promise<GateFactsRead> {
    const count = identifiers.entries.length;
    const lockUnits = options.lockUnits === true && count > 0;
    const pairs = identifiers.entries.flatMap(({ kind, value }) => [kind, value]);
    const parameters = [...(lockUnits ? [departmentId, organisationId, ...pairs] : []), ...pairs, departmentId, organisationId];
    const statement = this.reads.statement(`gate_facts_${count}${lockUnits ? '_locking' : ''}`, () => gateFactsSql(count, lockUnits));
    const rows = await this.reads.rows<GateRow>(statement, parameters);
    const first = rows[0];
    if (first === undefined) return { settings: null, candidates: [] };
    const linked = rows.filter((row) => row.link_kind !== null);
    return { settings: settingsFrom(first), candidates: linked.map((row) => candidateFrom(organisationId, row)) };
  }
}
