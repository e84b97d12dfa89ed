import test from 'ava';
import { enrolMember } from '../../domain/roster/enrolment.ts';
import type { CharacterId, MembershipId, UnitId } from '../../domain/shared/ids.ts';
import { ORG, POLICE, T0 } from '../support/domain-builders.ts';

// A member joins a department's roster with exactly one unit (decision 0012), off duty until `/duty`.

const ids = {
  membershipId: '00000000-0000-7000-8000-0000000000b1' as MembershipId,
  unitId: '00000000-0000-7000-8000-0000000000b2' as UnitId,
};
const characterId = '00000000-0000-7000-8000-0000000000b3' as CharacterId;

for (const callsign of ['1-ADAM-12', null]) {
  test(`enrolling ${callsign === null ? 'without a callsign' : 'with a callsign'} gives a membership and its unit, off duty`, (t) => {
    const { membership, unit } = enrolMember({ id: POLICE, organisationId: ORG }, characterId, callsign, ids, T0);
    t.deepEqual(membership, {
      id: ids.membershipId,
      organisationId: ORG,
      departmentId: POLICE,
      characterId,
      unitId: ids.unitId,
      createdAt: T0,
      endedAt: null,
    });
    t.deepEqual(unit.snapshot(), {
      id: ids.unitId,
      organisationId: ORG,
      departmentId: POLICE,
      membershipId: ids.membershipId,
      characterId,
      callsign,
      isActive: true,
      status: 'OFF_DUTY',
      assignment: null,
      statusChangedAt: T0,
      endedAt: null,
    });
    t.deepEqual(unit.events.take(), []);
  });
}
