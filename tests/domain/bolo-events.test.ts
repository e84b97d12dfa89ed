import test from 'ava';
import { BOLO_STATUSES, type BoloStatus } from '../../domain/bolo/bolo-terms.ts';
import { FIRE, ORG, POLICE, T0, aBolo, hitIds, minutesAfter, plate, sighting } from '../support/domain-builders.ts';

// Section 3, BOLO status table: every transition the BOLO owns records `bolo.status_changed`
// (from, to) when it moves the stored status, and nothing when it is refused or moves nothing.

const LATER = minutesAfter(T0, 5);
const active: readonly BoloStatus[] = ['ISSUED', 'ACKNOWLEDGED', 'HIT_REPORTED'];
const moved = (bolo: ReturnType<ReturnType<typeof aBolo>['build']>, from: BoloStatus, to: BoloStatus) => ({
  type: 'bolo.status_changed',
  organisationId: ORG,
  issuingDepartmentId: POLICE,
  boloId: bolo.id,
  from,
  to,
  at: LATER,
});

for (const from of BOLO_STATUSES) {
  test(`resolve by the issuing department from ${from}: ${from === 'RESOLVED' ? 'no event, no update' : 'one event'}`, (t) => {
    const bolo = aBolo().withStatus(from).issuedBy(POLICE).build();
    t.true(bolo.resolve(POLICE, LATER).ok);
    t.deepEqual(bolo.events.take(), from === 'RESOLVED' ? [] : [moved(bolo, from, 'RESOLVED')]);
    t.deepEqual(bolo.snapshot().updatedAt, from === 'RESOLVED' ? T0 : LATER);
  });

  test(`resolve by another department from ${from}: refused, no event`, (t) => {
    const bolo = aBolo().withStatus(from).issuedBy(POLICE).build();
    t.false(bolo.resolve(FIRE, LATER).ok);
    t.deepEqual(bolo.events.take(), []);
  });

  test(`camera hit from ${from}: ${active.includes(from) ? 'accepted' : 'refused, no event'}`, (t) => {
    const bolo = aBolo().withStatus(from).build();
    const before = bolo.snapshot();
    const hit = bolo.reportHit(sighting('12ABC345'), plate('12ABC345'), hitIds, LATER);
    if (!active.includes(from)) {
      t.deepEqual(hit, { ok: false, reason: 'bolo_not_active' });
      t.deepEqual(bolo.snapshot(), before);
      t.deepEqual(bolo.events.take(), []);
      return;
    }
    t.true(hit.ok);
    // A further hit on a marked BOLO moves no status, yet the BOLO was updated by it.
    t.deepEqual(bolo.events.take(), from === 'HIT_REPORTED' ? [] : [moved(bolo, from, 'HIT_REPORTED')]);
    t.deepEqual(bolo.snapshot().updatedAt, LATER);
  });

  for (const to of BOLO_STATUSES) {
    test(`manager override ${from} -> ${to}: ${from === to ? 'no event' : 'one event'}, always an update`, (t) => {
      const bolo = aBolo().withStatus(from).build();
      bolo.overrideStatus(to, LATER);
      t.is(bolo.snapshot().status, to);
      t.deepEqual(bolo.events.take(), from === to ? [] : [moved(bolo, from, to)]);
      t.deepEqual(bolo.snapshot().updatedAt, LATER);
    });
  }
}

const hitRefusals = [
  { name: 'a civilian-only BOLO', bolo: () => aBolo().forCivilianOnly().build(), seen: '12ABC345', vehicle: null },
  { name: 'a plate that differs', bolo: () => aBolo().build(), seen: '12ABC346', vehicle: '12ABC345' },
  { name: 'an expired BOLO', bolo: () => aBolo().expiringAt(T0).build(), seen: '12ABC345', vehicle: '12ABC345' },
] as const;
for (const row of hitRefusals) {
  test(`camera hit refused for ${row.name}: no event, nothing changes`, (t) => {
    const bolo = row.bolo();
    const before = bolo.snapshot();
    t.false(bolo.reportHit(sighting(row.seen), row.vehicle === null ? null : plate(row.vehicle), hitIds, LATER).ok);
    t.deepEqual(bolo.snapshot(), before);
    t.deepEqual(bolo.events.take(), []);
  });
}

test('events are handed over once', (t) => {
  const bolo = aBolo().build();
  bolo.overrideStatus('ACKNOWLEDGED', LATER);
  t.is(bolo.events.take().length, 1);
  t.deepEqual(bolo.events.take(), []);
});
