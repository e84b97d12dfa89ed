import test from 'ava';
import { Civilian } from '../../domain/records/civilian.ts';
import { DateOfBirth } from '../../domain/records/date-of-birth.ts';
import { Plate } from '../../domain/records/plate.ts';
import { Vehicle } from '../../domain/records/vehicle.ts';
import { WARRANT_STATUSES, type Warrant, type WarrantStatus, changeWarrant } from '../../domain/records/warrant.ts';
import type { CharacterId, CivilianId, OrganisationId, VehicleId, WarrantId } from '../../domain/shared/ids.ts';

// Decision 0145: what an operator may change of a record, and what stays.

const NOW = new Date('2026-04-01T12:00:00.000Z');
const organisationId = '0190a5b6-0000-7000-8000-000000000001' as OrganisationId;
const civilianId = '0190a5b6-0000-7000-8000-000000000002' as CivilianId;

const warrant = (status: WarrantStatus, description: string | null = 'failure to appear'): Warrant => ({
  id: '0190a5b6-0000-7000-8000-000000000003' as WarrantId,
  organisationId,
  civilianId,
  status,
  description,
  createdAt: NOW,
});

const ALLOWED = new Set(['ACTIVE>SERVED', 'ACTIVE>RECALLED', 'RECALLED>ACTIVE']);

for (const from of WARRANT_STATUSES) {
  for (const to of WARRANT_STATUSES) {
    const move = `${from}>${to}`;
    if (from === to) {
      test(`a warrant ${from} set ${to} again is no change`, (t) => {
        t.deepEqual(changeWarrant(warrant(from), { status: to }), { ok: true, value: { warrant: warrant(from), changed: false } });
      });
    } else if (ALLOWED.has(move)) {
      test(`a warrant moves ${from} -> ${to}, keeping the rest`, (t) => {
        t.deepEqual(changeWarrant(warrant(from), { status: to }), { ok: true, value: { warrant: warrant(to), changed: true } });
      });
    } else {
      test(`a warrant does not move ${from} -> ${to}`, (t) => {
        t.deepEqual(changeWarrant(warrant(from), { status: to, description: 'rewritten' }), { ok: false, reason: 'invalid_transition' });
      });
    }
  }
}

test("a warrant's description is rewritten or cleared in any status, a served one's too", (t) => {
  t.deepEqual(changeWarrant(warrant('SERVED'), { description: 'served at the courthouse' }), {
    ok: true,
    value: { warrant: warrant('SERVED', 'served at the courthouse'), changed: true },
  });
  t.deepEqual(changeWarrant(warrant('ACTIVE'), { description: null }), {
    ok: true,
    value: { warrant: warrant('ACTIVE', null), changed: true },
  });
  t.false((changeWarrant(warrant('ACTIVE'), { description: 'failure to appear' }) as { value: { changed: boolean } }).value.changed);
});

function civilian() {
  const born = DateOfBirth.parse('1988-04-12');
  if (!born.ok) throw new Error('date');
  return Civilian.register({ id: civilianId, organisationId, firstName: 'Franklin', lastName: 'Clinton', dateOfBirth: born.value }, NOW);
}

test("a civilian's names are tidied, the date of birth set or cleared, the licence status set; each says whether it changed", (t) => {
  const record = civilian();
  t.deepEqual(record.amend({ firstName: '  Frank ', lastName: 'Clinton' }), { ok: true, value: true });
  t.like(record.snapshot(), { firstName: 'Frank', lastName: 'Clinton', dateOfBirth: '1988-04-12', licenseStatus: 'VALID' });
  t.deepEqual(record.amend({ licenseStatus: 'SUSPENDED', dateOfBirth: null }), { ok: true, value: true });
  t.like(record.snapshot(), { dateOfBirth: null, licenseStatus: 'SUSPENDED' });
  t.deepEqual(record.amend({ firstName: 'Frank', licenseStatus: 'SUSPENDED' }), { ok: true, value: false }, 'the same again');
});

test("a claimed civilian's name is its character's: renaming is refused and changes nothing; its licence is still the records'", (t) => {
  const record = civilian();
  t.true(record.claim('0190a5b6-0000-7000-8000-000000000009' as CharacterId).ok);
  const before = record.snapshot();
  t.deepEqual(record.amend({ lastName: 'Clintonn', licenseStatus: 'SUSPENDED' }), { ok: false, reason: 'claimed_record' });
  t.deepEqual(record.snapshot(), before);
  // The same name, spaced otherwise, is no rename.
  t.deepEqual(record.amend({ firstName: ' Franklin ', licenseStatus: 'SUSPENDED' }), { ok: true, value: true });
  t.is(record.snapshot().licenseStatus, 'SUSPENDED');
});

test("a vehicle's details are overwritten (blank or null clears one), its owner and status set; the plate stays", (t) => {
  const plate = Plate.parse('fc 1988');
  if (!plate.ok) return t.fail();
  const id = '0190a5b6-0000-7000-8000-000000000004' as VehicleId;
  const vehicle = Vehicle.register({ id, organisationId, plate: plate.value, details: { make: 'Bravado', model: 'Buffalo' } }, NOW);
  t.true(vehicle.amend({ make: ' Declasse ', model: null, color: '  ', ownerCivilianId: civilianId, registrationStatus: 'STOLEN' }));
  t.like(vehicle.snapshot(), {
    plate: 'FC 1988',
    make: 'Declasse',
    model: null,
    color: null,
    ownerCivilianId: civilianId,
    registrationStatus: 'STOLEN',
  });
  t.false(vehicle.amend({ make: 'Declasse', registrationStatus: 'STOLEN' }), 'the same again');
  t.true(vehicle.amend({ ownerCivilianId: null }));
  t.is(vehicle.ownerCivilianId, null);
});
