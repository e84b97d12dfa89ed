import type { Operator } from '../../domain/operator/operator.ts';
import { type Membership, endMembership } from '../../domain/roster/membership.ts';
import type { MembershipId } from '../../domain/shared/ids.ts';
import type { Unit } from '../../domain/unit/unit.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited, unchanged } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { writeWithinReach } from './operator-write.ts';

export interface EndMembershipInput {
  readonly operator: Operator;
  readonly membershipId: MembershipId;
}

/**
 * Removes a member from a department's roster (decision 0140): the membership ends and its unit
 * with it, both kept for the history that names them. The membership is locked first, then its
 * unit (the row `/duty` locks), so a removal and a duty change on the unit are judged in turn.
 * A membership that ended already is answered as it is, with nothing written.
 */
export class EndMembership {
  constructor(private readonly ports: Pick<Ports, 'memberships' | 'units' | 'characters' | 'writes'>) {}

  execute(input: EndMembershipInput) {
    const load = () => this.ports.memberships.getForUpdate(input.membershipId);
    return writeWithinReach(this.ports.writes, input.operator, 'roster.manage', load, (membership, now) => this.end(membership, now));
  }

  private async end(membership: Membership, now: Date) {
    const unit = await this.ports.units.getForUpdate(membership.unitId);
    if (unit === null) throw new Error(`membership ${membership.id} has no unit ${membership.unitId}`);
    const ended = endMembership(membership, unit, now);
    if (!ended.ok) return unchanged<{ membership: Membership; unit: Unit }>({ membership, unit });
    const callsign = unit.callsign;
    await this.ports.memberships.save(ended.value);
    await this.ports.units.save(unit);
    const character = await this.ports.characters.get(membership.characterId);
    const { departmentId, characterId, unitId } = membership;
    const details = { departmentId, characterId, unitId, callsign, characterName: character?.displayName ?? null };
    return audited(
      { membership: ended.value, unit },
      auditNote(membership.organisationId, 'membership.ended', { type: 'membership', id: membership.id }, details),
    );
  }
}
