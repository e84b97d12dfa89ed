import test from 'ava';
import { BOLO_STATUSES, type BoloStatus } from '../../domain/bolo/bolo-terms.ts';
import { FIRE, POLICE, T0, aBolo, hitIds, minutesAfter, plate, sighting } from '../support/domain-builders.ts';

// Section 3, BOLO status table, with expiry (docs/contract.md, Settled points: a passed expiresAt reads EXPIRED).

for (const from of BOLO_STATUSES.filter((s) => s !== 'RESOLVED')) {
  test(`resolve by the issuing department: ${from} -> RESOLVED`, (t) => {
    const bolo = aBolo().withStatus(from).issuedBy(POLICE).build();
    t.deepEqual(bolo.resolve(POLICE, T0), { ok: true, value: 'RESOLVED' });
    t.is(bolo.statusAt(T0), 'RESOLVED');
  });
}

test('resolving a RESOLVED BOLO again succeeds and changes nothing', (t) => {
  const bolo = aBolo().withStatus('RESOLVED').build();
  const before = bolo.snapshot();
  t.deepEqual(bolo.resolve(POLICE, minutesAfter(T0, 5)), { ok: true, value: 'RESOLVED' });
  t.deepEqual(bolo.snapshot(), before);
});

for (const from of BOLO_STATUSES) {
  test(`resolve by another department is refused: ${from} stays`, (t) => {
    const bolo = aBolo().withStatus(from).issuedBy(POLICE).build();
    t.deepEqual(bolo.resolve(FIRE, T0), { ok: false, reason: 'wrong_department' });
    t.is(bolo.snapshot().status, from);
  });

  for (const to of BOLO_STATUSES) {
    test(`manager sets ${from} -> ${to}`, (t) => {
      const bolo = aBolo().withStatus(from).build();
      bolo.overrideStatus(to, T0);
      t.is(bolo.statusAt(T0), to);
    });
  }
}

const active: BoloStatus[] = ['ISSUED', 'ACKNOWLEDGED', 'HIT_REPORTED'];
for (const from of active) {
  test(`camera hit on an active vehicle BOLO: ${from} -> HIT_REPORTED`, (t) => {
    const bolo = aBolo().withStatus(from).build();
    const hit = bolo.reportHit(sighting('12abc345'), plate('12 ABC 345'), hitIds, T0);
    t.like(hit, { ok: true, value: { boloId: bolo.id, plate: '12abc345', cameraId: 'cam-7', reportedAt: T0 } });
    t.is(bolo.statusAt(T0), 'HIT_REPORTED');
  });
}

for (const from of BOLO_STATUSES.filter((s) => !active.includes(s))) {
  test(`camera hit refused on an inactive BOLO: ${from} stays`, (t) => {
    const bolo = aBolo().withStatus(from).build();
    t.deepEqual(bolo.reportHit(sighting('12ABC345'), plate('12ABC345'), hitIds, T0), { ok: false, reason: 'bolo_not_active' });
    t.is(bolo.snapshot().status, from);
  });
}

test('camera hit refused on a civilian-only BOLO', (t) => {
  const bolo = aBolo().forCivilianOnly().build();
  t.deepEqual(bolo.reportHit(sighting('12ABC345'), null, hitIds, T0), { ok: false, reason: 'bolo_has_no_vehicle' });
  t.is(bolo.statusAt(T0), 'ISSUED');
});

test('camera hit refused when the plate differs from the vehicle', (t) => {
  const bolo = aBolo().build();
  t.deepEqual(bolo.reportHit(sighting('12ABC346'), plate('12ABC345'), hitIds, T0), { ok: false, reason: 'plate_mismatch' });
  t.is(bolo.statusAt(T0), 'ISSUED');
});

test('an active BOLO past its expiry reads EXPIRED and takes no hit', (t) => {
  const expiresAt = minutesAfter(T0, 60);
  const bolo = aBolo().withStatus('ACKNOWLEDGED').expiringAt(expiresAt).build();
  t.is(bolo.statusAt(minutesAfter(T0, 59)), 'ACKNOWLEDGED');
  t.is(bolo.statusAt(expiresAt), 'EXPIRED');
  t.false(bolo.isActiveAt(expiresAt));
  t.deepEqual(bolo.reportHit(sighting('12ABC345'), plate('12ABC345'), hitIds, expiresAt), { ok: false, reason: 'bolo_not_active' });
});

test('a resolved BOLO past its expiry still reads RESOLVED', (t) => {
  t.is(aBolo().withStatus('RESOLVED').expiringAt(T0).build().statusAt(minutesAfter(T0, 1)), 'RESOLVED');
});
