import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { Membership } from '../../domain/roster/membership.ts';
import type { CharacterId, DepartmentId, MembershipId, UnitId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import { enrolMember } from '../../domain/roster/enrolment.ts';
import { auditNote } from '../audit/audit-note.ts';
import { type AuditedWrites, audited } from '../audit/audited-writes.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { DepartmentRepository } from '../ports/organisation-repositories.ts';
import type { CharacterRepository, MembershipRepository } from '../ports/roster-repositories.ts';
import type { UnitRepository } from '../ports/unit-repository.ts';
import { type AccessRefusal, operatorActor, withinReach } from './operator-access.ts';

export interface AddDepartmentMemberInput {
  readonly operator: OperatorKey;
  readonly departmentId: DepartmentId;
  readonly characterId: CharacterId;
  /** Null leaves the member without a callsign: `/duty` then answers `callsign_not_assigned`. */
  readonly callsign: string | null;
}

export type AddMemberRefusal = AccessRefusal | 'unknown_character' | 'already_member' | 'callsign_taken';

/** Puts a character on a department's roster, with the unit it will go on duty as. */
export class AddDepartmentMember {
  constructor(
    private readonly departments: DepartmentRepository,
    private readonly characters: CharacterRepository,
    private readonly memberships: MembershipRepository,
    private readonly units: UnitRepository,
    private readonly ids: IdGenerator,
    private readonly writes: AuditedWrites,
  ) {}

  async execute(input: AddDepartmentMemberInput): Promise<Outcome<{ membership: Membership; unit: Unit }, AddMemberRefusal>> {
    return this.writes.run(
      operatorActor(input.operator),
      async (now) => {
        const reached = withinReach(input.operator, 'roster.manage', await this.departments.get(input.departmentId));
        if (!reached.ok) return reached;
        const department = reached.value;
        const character = await this.characters.get(input.characterId);
        if (character?.organisationId !== department.organisationId) return refuse('unknown_character');
        if ((await this.memberships.findFor(department.id, character.id)) !== null) return refuse('already_member');
        const ids = { membershipId: this.ids.next<MembershipId>(), unitId: this.ids.next<UnitId>() };
        const { membership, unit } = enrolMember(department, character.id, input.callsign, ids, now);
        if (input.callsign !== null && (await this.units.findByCallsign(department.id, input.callsign)) !== null) {
          return refuse('callsign_taken');
        }
        await this.memberships.add(membership);
        await this.units.save(unit);
        const details = { departmentId: department.id, characterId: character.id, unitId: unit.id, callsign: input.callsign };
        return audited(
          { membership, unit },
          auditNote(department.organisationId, 'membership.created', { type: 'membership', id: membership.id }, details),
        );
      },
      { membership: 'already_member', unit_callsign: 'callsign_taken' },
    );
  }
}
