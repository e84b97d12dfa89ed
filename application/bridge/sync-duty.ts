import type { Department } from '../../domain/organisation/department.ts';
import { Character } from '../../domain/roster/character.ts';
import { linksFor } from '../../domain/roster/identifier-link.ts';
import { enrolMember } from '../../domain/roster/enrolment.ts';
import { MAX_PROVISION_CALLSIGN_ATTEMPTS, provisionedCallsign, provisionedName } from '../../domain/roster/provisioning.ts';
import type { CharacterId, CharacterPublicId, MembershipId, UnitId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import type { DutyRefusal } from '../../domain/unit/unit.ts';
import { isStatusChange } from '../../domain/unit/unit-events.ts';
import type { UnitStatus } from '../../domain/unit/unit-status.ts';
import { audited, unchanged } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { PlayerCandidate } from '../ports/bridge-player-reader.ts';
import { credentialActor } from './bridge-actor.ts';
import type { DutyReport } from './duty-report.ts';
import { playerNote } from './player-writes.ts';

export type SyncDutyInput = DutyReport;

export interface DutySynced {
  readonly unitId: UnitId;
  readonly status: UnitStatus;
  /** Whether this call created the player. */
  readonly provisioned: boolean;
}

export type SyncDutyRefusal =
  | 'not_linked'
  | 'unknown_department_slug'
  | 'no_department_membership'
  | DutyRefusal
  /** The credential created its hourly allowance of new players already: a 429. */
  | 'provision_limit_reached';

const HOUR_MS = 60 * 60 * 1000;

/**
 * `/duty`: puts the player's unit in the credential's department on or off duty. A player the
 * organisation has never seen is created on the spot (character, links, membership, unit with a
 * generated callsign), within the credential's hourly allowance; a player who exists never counts.
 */
export class SyncDuty {
  constructor(
    private readonly ports: Pick<
      Ports,
      | 'gate'
      | 'organisations'
      | 'departments'
      | 'characters'
      | 'identifierLinks'
      | 'memberships'
      | 'units'
      | 'provisioning'
      | 'recordNumbers'
      | 'ids'
      | 'writes'
      | 'settings'
    >,
  ) {}

  execute(input: SyncDutyInput): Promise<Outcome<DutySynced, SyncDutyRefusal>> {
    const { grant } = input;
    return this.ports.writes.run(credentialActor(grant), async (now) => {
      const department = await this.ports.departments.findBySlug(grant.organisationId, input.departmentSlug);
      // Another department's slug reads as unknown: a credential learns nothing beyond its own.
      if (department === null || department.id !== grant.departmentId || !department.isActive) return refuse('unknown_department_slug');

      // The unit is locked by the gate's statement itself: this write changes it.
      const player = await this.ports.gate.player(grant, input.identifiers, grant.departmentId, { lockUnits: true });
      return player === null ? this.provision(input, department, now) : this.sync(input, player, now);
    });
  }

  private async sync(input: SyncDutyInput, player: PlayerCandidate, now: Date) {
    const unit = player.unit;
    // A removed member's unit is nobody's (decision 0140): the reader leaves it out, and this holds if one came through.
    if (unit === null || unit.hasEnded) return refuse('no_department_membership');
    const synced = unit.syncDuty(input.onDuty, now);
    if (!synced.ok) return synced;
    const result: DutySynced = { unitId: unit.id, status: synced.value, provisioned: false };
    // No recorded move: the unit already had that status, and nothing is written.
    const [moved] = unit.events.pending().filter(isStatusChange);
    if (moved === undefined) return unchanged(result);
    await this.ports.units.save(unit);
    const details = { from: moved.from, to: moved.to, ...this.labels(input) };
    return audited(result, playerNote(input.grant, player.characterId, 'unit.duty_synced', { type: 'unit', id: unit.id }, details));
  }

  private async provision(input: SyncDutyInput, department: Department, now: Date) {
    const { grant } = input;
    // Provisioning is serialised per organisation, so one player is never created twice and the
    // hourly count is exact under concurrent calls.
    const organisation = await this.ports.organisations.getForUpdate(grant.organisationId);
    if (organisation === null || !organisation.settings.autoProvision) return refuse('not_linked');
    // A concurrent first call may have created the player while this one waited for the lock.
    const raced = await this.ports.gate.player(grant, input.identifiers, grant.departmentId, { lockUnits: true });
    if (raced !== null) return this.sync(input, raced, now);
    const provisioned = await this.ports.provisioning.countSince(grant.credentialId, new Date(now.getTime() - HOUR_MS));
    if (provisioned >= this.ports.settings.autoProvisionPerHour) return refuse('provision_limit_reached');

    const callsign = await this.freeCallsign(department, now);
    const name = provisionedName(input.characterName, callsign);
    const character = Character.create(
      {
        id: this.ports.ids.next<CharacterId>(),
        publicId: this.ports.ids.next<CharacterPublicId>(),
        organisationId: grant.organisationId,
        ...name,
      },
      now,
    );
    const ids = { membershipId: this.ports.ids.next<MembershipId>(), unitId: this.ports.ids.next<UnitId>() };
    const { membership, unit } = enrolMember(department, character.id, callsign, ids, now);
    const synced = unit.syncDuty(input.onDuty, now);
    if (!synced.ok) return synced;
    await this.ports.characters.save(character);
    await this.ports.identifierLinks.link(linksFor(grant.organisationId, input.identifiers, character.id, now));
    await this.ports.memberships.add(membership);
    await this.ports.units.save(unit);
    await this.ports.provisioning.record({
      organisationId: grant.organisationId,
      credentialId: grant.credentialId,
      characterId: character.id,
      at: now,
    });
    const identifiers = input.identifiers.entries.map((e) => e.kind);
    const details = { departmentId: department.id, callsign, status: synced.value, identifiers, ...this.labels(input) };
    const note = playerNote(grant, character.id, 'player.provisioned', { type: 'unit', id: unit.id }, details);
    return audited<DutySynced>({ unitId: unit.id, status: synced.value, provisioned: true }, note);
  }

  /** `AUTO-001`, `AUTO-002`... skipping any a dispatcher has given by hand. */
  private async freeCallsign(department: Department, now: Date): Promise<string> {
    for (let attempt = 0; attempt < MAX_PROVISION_CALLSIGN_ATTEMPTS; attempt++) {
      const callsign = provisionedCallsign(await this.ports.recordNumbers.next(department.organisationId, `callsign:${department.id}`));
      if ((await this.ports.units.findByCallsign(department.id, callsign)) === null) return callsign;
    }
    throw new Error(`no free generated callsign in department ${department.id} at ${now.toISOString()}`);
  }

  private labels(input: SyncDutyInput) {
    return {
      ...(input.jobLabel === undefined ? {} : { jobLabel: input.jobLabel }),
      ...(input.gradeLabel === undefined ? {} : { gradeLabel: input.gradeLabel }),
    };
  }
}
