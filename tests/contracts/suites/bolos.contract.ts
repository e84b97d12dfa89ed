import type { BoloFilter, BoloSubjectQuery } from '../../../application/ports/bolo-repository.ts';
import type { Persistence } from '../../../application/ports/persistence.ts';
import { UniqueConstraintViolation } from '../../../application/ports/persistence-errors.ts';
import type { BoloHit } from '../../../domain/bolo/bolo-hit.ts';
import { BOLO_STATUSES } from '../../../domain/bolo/bolo-terms.ts';
import { Bolo, type BoloState } from '../../../domain/bolo/bolo.ts';
import type { BoloHitId, BoloId, CivilianId, VehicleId } from '../../../domain/shared/ids.ts';
import { MapPoint } from '../../../domain/shared/map-point.ts';
import { NOW, fixtures, ids } from '../../support/persistence-fixtures.ts';
import type { ContractTest } from './contract-test.ts';
import { widenTheRace } from './locking.contract.ts';

const at = (ms: number) => new Date(NOW.getTime() + ms);
const MINUTE = 60_000;
let sequence = 0;

/** An organisation with two departments, an issuing credential and character, and subjects. */
async function world(store: Persistence) {
  const f = fixtures(store);
  const organisation = await f.organisation();
  const [police, sheriff] = [await f.department(organisation.id, 'police'), await f.department(organisation.id, 'sheriff')];
  const credential = await f.credential(organisation.id);
  const character = await f.character(organisation.id);
  const civilians = [await f.civilian(organisation.id), await f.civilian(organisation.id, 'Amanda', 'De Santa')];
  const vehicles = [await f.vehicle(organisation.id), await f.vehicle(organisation.id), await f.vehicle(organisation.id)];
  const bolo = (state: Partial<BoloState> = {}) =>
    Bolo.restore({
      id: ids.next<BoloId>(),
      organisationId: organisation.id,
      number: `B-26-${String(++sequence).padStart(6, '0')}`,
      issuingDepartmentId: police.id,
      subjectCivilianId: null,
      subjectVehicleId: vehicles[0]!.id,
      severity: 'HIGH',
      scope: 'DEPARTMENT',
      subjectDescription: 'black sedan',
      reason: 'armed robbery',
      narrative: null,
      internalNotes: null,
      expiresAt: null,
      issuedBy: { kind: 'credential', credentialId: credential.id },
      status: 'ISSUED',
      createdAt: NOW,
      updatedAt: NOW,
      ...state,
    });
  const saved = async (state: Partial<BoloState> = {}) => {
    const made = bolo(state);
    await store.bolos.save(made);
    return made;
  };
  return { organisation, police, sheriff, credential, character, civilians, vehicles, bolo, saved };
}

export function bolosContract(test: ContractTest) {
  test('bolos: every field reads back exactly, for both kinds of issuer, with and without the optional ones', async (t) => {
    const { store } = t.context;
    const w = await world(store);
    const full = await w.saved({
      subjectCivilianId: w.civilians[0]!.id,
      subjectVehicleId: w.vehicles[1]!.id,
      severity: 'ARMED_DANGEROUS',
      scope: 'COMMUNITY',
      subjectDescription: 'white male, "Trevor", tattoos',
      reason: 'assault — with a weapon',
      narrative: 'seen leaving the bank\nheading north',
      internalNotes: 'informant: keep quiet',
      expiresAt: at(90 * MINUTE),
      issuedBy: { kind: 'character', characterId: w.character.id },
      issuingDepartmentId: w.sheriff.id,
      status: 'ACKNOWLEDGED',
      updatedAt: at(5),
    });
    const bare = await w.saved({ subjectVehicleId: null, subjectCivilianId: w.civilians[1]!.id, severity: 'LOW' });
    t.deepEqual((await store.bolos.get(full.id))?.snapshot(), full.snapshot());
    t.deepEqual((await store.bolos.get(bare.id))?.snapshot(), bare.snapshot());
    bare.overrideStatus('ARCHIVED', at(MINUTE));
    await store.bolos.save(bare);
    t.deepEqual((await store.bolos.get(bare.id))?.snapshot(), bare.snapshot());
    t.deepEqual((await store.uow.run(() => store.bolos.getForUpdate(bare.id)))?.snapshot(), bare.snapshot());
    t.is(await store.bolos.get(ids.next<BoloId>()), null);
    t.is(await store.uow.run(() => store.bolos.getForUpdate(ids.next<BoloId>())), null);
  });

  test('bolos: a number is unique within its organisation', async (t) => {
    const { store } = t.context;
    const [a, b] = [await world(store), await world(store)];
    await a.saved({ number: 'B-26-000001' });
    await b.saved({ number: 'B-26-000001' });
    const error = await t.throwsAsync(() => a.saved({ number: 'B-26-000001', issuingDepartmentId: a.sheriff.id }), {
      instanceOf: UniqueConstraintViolation,
    });
    t.is(error?.constraint, 'bolo_number');
  });

  test('bolos: listed newest first by their status as read at `now`, an active one past its expiry reading EXPIRED', async (t) => {
    const { store } = t.context;
    const w = await world(store);
    const now = at(60 * MINUTE);
    const past = new Date(now.getTime() - MINUTE);
    const ahead = new Date(now.getTime() + 1);
    const issuedOpen = await w.saved({ status: 'ISSUED' });
    const issuedPast = await w.saved({ status: 'ISSUED', expiresAt: past });
    const issuedAtNow = await w.saved({ status: 'ISSUED', expiresAt: now });
    const issuedAhead = await w.saved({ status: 'ISSUED', expiresAt: ahead });
    const acknowledgedPast = await w.saved({ status: 'ACKNOWLEDGED', expiresAt: past });
    const acknowledgedOpen = await w.saved({ status: 'ACKNOWLEDGED' });
    const hitAhead = await w.saved({ status: 'HIT_REPORTED', expiresAt: ahead });
    const hitPast = await w.saved({ status: 'HIT_REPORTED', expiresAt: past });
    const resolvedPast = await w.saved({ status: 'RESOLVED', expiresAt: past });
    const archived = await w.saved({ status: 'ARCHIVED' });
    const expiredStored = await w.saved({ status: 'EXPIRED' });
    const sheriffs = await w.saved({ status: 'ISSUED', issuingDepartmentId: w.sheriff.id, expiresAt: ahead });
    const other = await world(store);
    await other.saved({ status: 'ISSUED' });
    await other.saved({ status: 'EXPIRED' });

    const listed = async (filter: Partial<BoloFilter>) =>
      (await store.bolos.list({ organisationId: w.organisation.id, status: 'active', now, limit: 100, ...filter })).map((b) => b.id);
    const expected: Record<BoloFilter['status'], Bolo[]> = {
      active: [sheriffs, hitAhead, acknowledgedOpen, issuedAhead, issuedOpen],
      ISSUED: [sheriffs, issuedAhead, issuedOpen],
      ACKNOWLEDGED: [acknowledgedOpen],
      HIT_REPORTED: [hitAhead],
      EXPIRED: [expiredStored, hitPast, acknowledgedPast, issuedAtNow, issuedPast],
      RESOLVED: [resolvedPast],
      ARCHIVED: [archived],
    };
    for (const status of ['active', ...BOLO_STATUSES] as const) {
      t.deepEqual(
        await listed({ status }),
        expected[status].map((b) => b.id),
        status,
      );
    }
    // The same BOLOs read a minute earlier: nothing had expired yet.
    t.deepEqual(await listed({ status: 'EXPIRED', now: new Date(past.getTime() - 1) }), [expiredStored.id]);
    t.deepEqual(await listed({ status: 'active', issuingDepartmentId: w.sheriff.id }), [sheriffs.id]);
    t.deepEqual(await listed({ status: 'ISSUED', issuingDepartmentId: w.police.id }), [issuedAhead.id, issuedOpen.id]);
    t.deepEqual(await listed({ status: 'EXPIRED', issuingDepartmentId: w.sheriff.id }), []);
    t.deepEqual(await listed({ status: 'active', limit: 2 }), [sheriffs.id, hitAhead.id]);
    const read = await store.bolos.list({ organisationId: w.organisation.id, status: 'EXPIRED', now, limit: 100 });
    t.true(read.every((b) => b.statusAt(now) === 'EXPIRED'));
  });

  test('bolos: active ones about any of the subjects, as a department may see them, newest first, limited', async (t) => {
    const { store } = t.context;
    const w = await world(store);
    const [v1, v2, v3] = w.vehicles.map((v) => v.id) as [VehicleId, VehicleId, VehicleId];
    const [c1, c2] = w.civilians.map((c) => c.id) as [CivilianId, CivilianId];
    const now = at(MINUTE);
    const policeOnV1 = await w.saved({ subjectVehicleId: v1 });
    const sheriffOnV1 = await w.saved({ subjectVehicleId: v1, issuingDepartmentId: w.sheriff.id });
    const sheriffCommunityOnC1 = await w.saved({
      subjectVehicleId: null,
      subjectCivilianId: c1,
      issuingDepartmentId: w.sheriff.id,
      scope: 'COMMUNITY',
      status: 'ACKNOWLEDGED',
    });
    await w.saved({ subjectVehicleId: v2, expiresAt: now });
    await w.saved({ subjectVehicleId: v1, status: 'RESOLVED' });
    await w.saved({ subjectVehicleId: v2, scope: 'COMMUNITY', status: 'EXPIRED' });
    const policeOnV3AndC2 = await w.saved({
      subjectVehicleId: v3,
      subjectCivilianId: c2,
      status: 'HIT_REPORTED',
      expiresAt: at(2 * MINUTE),
    });
    const other = await world(store);
    const elsewhere = await other.saved({ subjectVehicleId: other.vehicles[0]!.id, scope: 'COMMUNITY' });

    const found = async (query: Partial<BoloSubjectQuery>) =>
      (
        await store.bolos.findActiveAbout({
          organisationId: w.organisation.id,
          vehicleIds: [],
          civilianIds: [],
          department: w.police.id,
          now,
          limit: 50,
          ...query,
        })
      ).map((b) => b.id);
    t.deepEqual(await found({ vehicleIds: [v1] }), [policeOnV1.id]);
    t.deepEqual(await found({ vehicleIds: [v1], department: w.sheriff.id }), [sheriffOnV1.id]);
    t.deepEqual(await found({ civilianIds: [c1] }), [sheriffCommunityOnC1.id]);
    t.deepEqual(await found({ vehicleIds: [v2] }), []);
    t.deepEqual(await found({ vehicleIds: [v1, v2, v3], civilianIds: [c1, c2] }), [
      policeOnV3AndC2.id,
      sheriffCommunityOnC1.id,
      policeOnV1.id,
    ]);
    t.deepEqual(await found({ vehicleIds: [v3], civilianIds: [c2] }), [policeOnV3AndC2.id]);
    t.deepEqual(await found({ vehicleIds: [v1, v2, v3], civilianIds: [c1, c2], limit: 2 }), [policeOnV3AndC2.id, sheriffCommunityOnC1.id]);
    t.deepEqual(await found({ vehicleIds: [v3], now: at(2 * MINUTE) }), []);
    t.deepEqual(await found({}), []);
    t.deepEqual(await found({ vehicleIds: [other.vehicles[0]!.id] }), []);
    t.deepEqual(
      (
        await store.bolos.findActiveAbout({
          organisationId: other.organisation.id,
          vehicleIds: [v1, other.vehicles[0]!.id],
          civilianIds: [c1],
          department: other.police.id,
          now,
          limit: 50,
        })
      ).map((b) => b.id),
      [elsewhere.id],
    );
    const [read] = await store.bolos.findActiveAbout({
      organisationId: w.organisation.id,
      vehicleIds: [v3],
      civilianIds: [],
      department: w.police.id,
      now,
      limit: 1,
    });
    t.deepEqual(read?.snapshot(), policeOnV3AndC2.snapshot());
  });

  test('bolos: hits read back exactly, newest sighting first, for their BOLO only', async (t) => {
    const { store } = t.context;
    const w = await world(store);
    const [watched, unwatched] = [await w.saved(), await w.saved()];
    const hit = (boloId: BoloId, seenAt: Date, x: number): BoloHit => ({
      id: ids.next<BoloHitId>(),
      boloId,
      organisationId: w.organisation.id,
      plate: '46 EEK 572',
      cameraId: 'cam-7',
      cameraLabel: 'Del Perro Fwy "north"',
      position: MapPoint.of(x, -812.0625),
      seenAt,
      reportedAt: at(10 * MINUTE),
      reportedBy: w.credential.id,
    });
    const [early, late, middle] = [
      hit(watched.id, at(MINUTE), 1.5),
      hit(watched.id, at(5 * MINUTE), -2.25),
      hit(watched.id, at(3 * MINUTE), 0.1 + 0.2),
    ];
    for (const h of [early, late, middle, hit(unwatched.id, at(4 * MINUTE), 0)]) await store.bolos.addHit(h);
    t.deepEqual(await store.bolos.listHits(watched.id), [late, middle, early]);
    t.deepEqual(await store.bolos.listHits(ids.next<BoloId>()), []);
  });

  test('bolos: 20 concurrent locked updates each see the one before', async (t) => {
    const { store } = t.context;
    const w = await world(store);
    const bolo = await w.saved();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        store.uow.run(async () => {
          const locked = (await store.bolos.getForUpdate(bolo.id))!;
          await widenTheRace();
          locked.overrideStatus('ACKNOWLEDGED', new Date(locked.snapshot().updatedAt.getTime() + 1000));
          await store.bolos.save(locked);
        }),
      ),
    );
    t.is((await store.bolos.get(bolo.id))?.snapshot().updatedAt.getTime(), at(20_000).getTime());
  });
}
