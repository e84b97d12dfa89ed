import type { Operator } from '../../domain/operator/operator.ts';
import type { Department } from '../../domain/organisation/department.ts';
import type { Membership } from '../../domain/roster/membership.ts';
import type { CharacterId, DepartmentId, MembershipId, UnitId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import { enrolMember } from '../../domain/roster/enrolment.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import type { AccessRefusal } from './operator-access.ts';
import { writeWithinReach } from './operator-write.ts';

export interface AddDepartmentMemberInput {
  readonly operator: Operator;
  readonly departmentId: DepartmentId;
  readonly characterId: CharacterId;
  /** Null leaves the member without a callsign: `/duty` then answers `callsign_not_assigned`. */
  readonly callsign: string | null;
}

export type AddMemberRefusal = AccessRefusal | 'unknown_character' | 'already_member' | 'callsign_taken';

const ENROLMENT_CONFLICTS = { membership: 'already_member', unit_callsign: 'callsign_taken' } as const;

/** Puts a character on a department's roster, with the unit it will go on duty as. */
export class AddDepartmentMember {
  constructor(private readonly ports: Pick<Ports, 'departments' | 'characters' | 'memberships' | 'units' | 'ids' | 'writes'>) {}

  async execute(input: AddDepartmentMemberInput): Promise<Outcome<{ membership: Membership; unit: Unit }, AddMemberRefusal>> {
    const load = () => this.ports.departments.get(input.departmentId);
    const enrol = (department: Department, now: Date) => this.enrol(input, department, now);
    return writeWithinReach(this.ports.writes, input.operator, 'roster.manage', load, enrol, ENROLMENT_CONFLICTS);
  }

  private async enrol(input: AddDepartmentMemberInput, department: Department, now: Date) {
    const character = await this.ports.characters.get(input.characterId);
    if (character?.organisationId !== department.organisationId) return refuse('unknown_character');
    if ((await this.ports.memberships.findFor(department.id, character.id)) !== null) return refuse('already_member');
    const ids = { membershipId: this.ports.ids.next<MembershipId>(), unitId: this.ports.ids.next<UnitId>() };
    const { membership, unit } = enrolMember(department, character.id, input.callsign, ids, now);
    if (input.callsign !== null && (await this.ports.units.findByCallsign(department.id, input.callsign)) !== null) {
      return refuse('callsign_taken');
    }
    await this.ports.memberships.add(membership);
    await this.ports.units.save(unit);
    const details = { departmentId: department.id, characterId: character.id, unitId: unit.id, callsign: input.callsign };
    return audited(
      { membership, unit },
      auditNote(department.organisationId, 'membership.created', { type: 'membership', id: membership.id }, details),
    );
  }
}
