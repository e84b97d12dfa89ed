import anyTest, { type TestFn } from 'ava';
import {
  BRIDGE_SCOPES,
  type BridgeWorld,
  type Identifiers,
  type Player,
  UUID,
  auditedOnce,
  bridgeWorld,
  freshIdentifiers,
  recordNumber,
  unique,
} from '../support/bridge-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * The records routes of the bridge through real HTTP: lookups, warrant check, BOLOs, citations,
 * arrests, civilians and vehicles. Each test has its own organisation, so its audit log shows that
 * test's writes only.
 */
interface Context {
  app: TestService;
}
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  t.context = { app: await startTestService({ rateLimitScale: 1000 }) };
});
test.after.always((t) => t.context.app?.close());

/** An organisation with an on-duty officer. */
async function scene(t: { context: Context }): Promise<{ world: BridgeWorld; officer: Player }> {
  const world = await bridgeWorld(t.context.app);
  return { world, officer: await world.officer() };
}

const boloBody = (identifiers: Identifiers, subject: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  identifiers,
  subject,
  severity: 'ARMED_DANGEROUS',
  scope: 'DEPARTMENT',
  subjectDescription: 'white male, red jacket',
  reason: 'armed robbery at the Vinewood bank',
  narrative: 'seen leaving northbound; informant says he carries a pistol',
  ...extra,
});

const citationBody = (identifiers: Identifiers, civilian: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  identifiers,
  civilian,
  plate: '',
  locationText: 'Vinewood Blvd',
  statuteCode: 'VC-22350',
  statuteDescription: 'Unsafe speed',
  fineAmount: 250,
  ...extra,
});

const charges = (n: number) => Array.from({ length: n }, (_, i) => ({ statuteCode: `PC-${i + 1}`, statuteDescription: `Charge ${i + 1}` }));
const arrestBody = (identifiers: Identifiers, civilian: Record<string, unknown>, count = 1) => ({
  identifiers,
  civilian,
  locationText: 'Grove Street',
  narrative: 'Suspect fled on foot and was detained.',
  charges: charges(count),
});

// ---------------------------------------------------------------------------------------------
// /lookup/vehicle

test('/lookup/vehicle: the bridge shape, with the owner’s display name; case and spaces of the plate do not matter', async (t) => {
  const { world, officer } = await scene(t);
  const owner = await world.civilian('Trevor', 'Philips', '1967-06-06');
  const registered = await world.vehicle({
    plate: '4GTA123',
    make: 'Bravado',
    model: 'Buffalo',
    color: 'black',
    ownerCivilianId: owner.civilianId,
  });
  const { entries } = await world.audited(async () => {
    for (const plate of ['4GTA123', '4gta123', ' 4 gTa 12 3 ']) {
      const reply = await world.desk.post('/lookup/vehicle', { identifiers: officer.identifiers, plate });
      t.is(reply.status, 200);
      t.deepEqual(
        reply.body,
        {
          found: true,
          vehicle: {
            plate: registered['plate'],
            make: 'Bravado',
            model: 'Buffalo',
            color: 'black',
            registrationStatus: registered['registrationStatus'],
            ownerCivilianId: owner.civilianId,
            ownerDisplayName: 'Trevor Philips',
          },
        },
        plate,
      );
    }
  });
  t.is(typeof registered['registrationStatus'], 'string');
  t.deepEqual(entries, [], 'a lookup writes nothing');
});

test('/lookup/vehicle: a vehicle without owner or details has nulls; unknown plates and other organisations’ plates are no_match', async (t) => {
  const { world, officer } = await scene(t);
  const away = await bridgeWorld(t.context.app);
  await away.vehicle({ plate: 'AWAY99' });
  const bare = await world.vehicle({ plate: 'BARE1' });
  const found = await world.desk.post('/lookup/vehicle', { identifiers: officer.identifiers, plate: 'bare1' });
  t.deepEqual(found.body, {
    found: true,
    vehicle: {
      plate: bare['plate'],
      make: null,
      model: null,
      color: null,
      registrationStatus: bare['registrationStatus'],
      ownerCivilianId: null,
      ownerDisplayName: null,
    },
  });
  for (const plate of ['NOPE404', 'AWAY99', '!!!']) {
    const reply = await world.desk.post('/lookup/vehicle', { identifiers: officer.identifiers, plate });
    t.deepEqual([reply.status, reply.body], [200, { found: false, reason: 'no_match' }], plate);
  }
});

// ---------------------------------------------------------------------------------------------
// /lookup/person

test('/lookup/person: at most 10 of 12 same-named civilians, each in the bridge shape', async (t) => {
  const { world, officer } = await scene(t);
  const lastName = unique('Smith');
  const created = [];
  for (let i = 0; i < 12; i++) created.push(await world.civilian('John', lastName, `1980-01-${String(i + 1).padStart(2, '0')}`, 'VALID'));
  await world.civilian('Jane', lastName, '1980-02-01');
  const reply = await world.desk.post('/lookup/person', { identifiers: officer.identifiers, firstName: 'John', lastName });
  t.is(reply.status, 200);
  t.deepEqual(Object.keys(reply.body).sort(), ['found', 'matches']);
  t.true(reply.body.found);
  t.is(reply.body.matches.length, 10);
  const byId = new Map(created.map((c) => [c.civilianId, c]));
  t.is(new Set(reply.body.matches.map((m: { civilianId: string }) => m.civilianId)).size, 10);
  for (const match of reply.body.matches) {
    t.deepEqual(Object.keys(match).sort(), ['civilianId', 'dateOfBirth', 'firstName', 'lastName', 'licenseStatus']);
    const civilian = byId.get(match.civilianId)!;
    t.truthy(civilian, 'only John ' + lastName);
    t.deepEqual(match, {
      civilianId: civilian.civilianId,
      firstName: 'John',
      lastName,
      dateOfBirth: civilian.dateOfBirth,
      licenseStatus: 'VALID',
    });
    t.regex(match.dateOfBirth, /^\d{4}-\d{2}-\d{2}$/);
  }
});

test('/lookup/person: a civilian registered without a date of birth reads null; an unknown name is no_match', async (t) => {
  const { world, officer } = await scene(t);
  const lastName = unique('Nodob');
  // A BOLO about a person the records lack registers them, without a date of birth.
  const bolo = await world.desk.post('/bolo', boloBody(officer.identifiers, { civilian: { firstName: 'Lester', lastName } }));
  t.true(bolo.body.issued);
  const reply = await world.desk.post('/lookup/person', { identifiers: officer.identifiers, firstName: 'Lester', lastName });
  t.is(reply.body.matches.length, 1);
  t.like(reply.body.matches[0], { firstName: 'Lester', lastName, dateOfBirth: null });
  const none = await world.desk.post('/lookup/person', { identifiers: officer.identifiers, firstName: 'Nobody', lastName: unique('X') });
  t.deepEqual([none.status, none.body], [200, { found: false, reason: 'no_match' }]);
});

// ---------------------------------------------------------------------------------------------
// /warrant-check

test('/warrant-check: hasActiveWarrant true for an ACTIVE warrant, false for none or only served/recalled ones', async (t) => {
  const { world, officer } = await scene(t);
  const wanted = await world.civilian('Wade', unique('Hebert'), '1985-05-05');
  const clean = await world.civilian('Clean', unique('Slate'), '1986-06-06');
  const served = await world.civilian('Done', unique('Time'), '1987-07-07');
  await world.warrant(wanted.civilianId, 'SERVED');
  await world.warrant(wanted.civilianId, 'ACTIVE');
  await world.warrant(served.civilianId, 'SERVED');
  await world.warrant(served.civilianId, 'RECALLED');
  const { entries } = await world.audited(async () => {
    for (const [civilian, expected] of [
      [wanted, true],
      [clean, false],
      [served, false],
    ] as const) {
      const reply = await world.desk.post('/warrant-check', {
        identifiers: officer.identifiers,
        firstName: civilian.firstName,
        lastName: civilian.lastName,
        dateOfBirth: civilian.dateOfBirth,
      });
      t.deepEqual([reply.status, reply.body], [200, { checked: true, hasActiveWarrant: expected, civilianId: civilian.civilianId }]);
    }
  });
  t.deepEqual(entries, []);
});

test('/warrant-check: narrows a shared name by date of birth; the same name and date twice is multiple_matches, never a guess', async (t) => {
  const { world, officer } = await scene(t);
  const lastName = unique('Twin');
  const older = await world.civilian('Alex', lastName, '1970-01-01');
  const younger = await world.civilian('Alex', lastName, '1990-01-01');
  await world.warrant(younger.civilianId);
  const check = (first: string, last: string, dateOfBirth: string) =>
    world.desk.post('/warrant-check', { identifiers: officer.identifiers, firstName: first, lastName: last, dateOfBirth });
  t.deepEqual((await check('Alex', lastName, '1990-01-01')).body, {
    checked: true,
    hasActiveWarrant: true,
    civilianId: younger.civilianId,
  });
  t.deepEqual((await check('Alex', lastName, '1970-01-01')).body, { checked: true, hasActiveWarrant: false, civilianId: older.civilianId });
  // Shared name, neither born that day.
  t.deepEqual((await check('Alex', lastName, '1980-01-01')).body, { checked: false, reason: 'no_match' });
  // Nobody of that name.
  t.deepEqual((await check('Nobody', unique('None'), '1980-01-01')).body, { checked: false, reason: 'no_match' });
  // Two of the same name born the same day.
  const dupName = unique('Dup');
  await world.civilian('Sam', dupName, '1975-03-03');
  await world.civilian('Sam', dupName, '1975-03-03');
  t.deepEqual((await check('Sam', dupName, '1975-03-03')).body, { checked: false, reason: 'multiple_matches' });
  // A name only one civilian has resolves to them (no ambiguity to narrow).
  const single = await world.civilian('Only', unique('One'), '1960-06-06');
  t.deepEqual((await check('Only', single.lastName, '1960-06-06')).body, {
    checked: true,
    hasActiveWarrant: false,
    civilianId: single.civilianId,
  });
});

// ---------------------------------------------------------------------------------------------
// /bolo

test('/bolo: needs game.bolo.trigger: 403 without it, and nothing is written', async (t) => {
  const world = await bridgeWorld(t.context.app, { scopes: ['game.citation.issue', 'game.arrest.log'] });
  const officer = await world.officer();
  const { result: reply, entries } = await world.audited(() =>
    world.desk.post('/bolo', boloBody(officer.identifiers, { plate: 'SCOPE1' })),
  );
  t.is(reply.status, 403);
  t.is(reply.body.error, 'FORBIDDEN');
  t.deepEqual(entries, []);
  t.is((await world.desk.post('/lookup/vehicle', { identifiers: officer.identifiers, plate: 'SCOPE1' })).body.reason, 'no_match');
});

test('/bolo: an unknown person and plate are registered with it; the answer is boloId and boloNumber; audited once', async (t) => {
  const { world, officer } = await scene(t);
  const lastName = unique('Crest');
  const plate = unique('B').slice(0, 10).toUpperCase();
  const { result: reply, entries } = await world.audited(() =>
    world.desk.post(
      '/bolo',
      boloBody(officer.identifiers, { civilian: { firstName: 'Dave', lastName, dateOfBirth: '1970-07-07' }, plate }),
    ),
  );
  t.is(reply.status, 200);
  t.deepEqual(Object.keys(reply.body).sort(), ['boloId', 'boloNumber', 'issued']);
  t.true(reply.body.issued);
  t.regex(reply.body.boloId, UUID);
  t.regex(reply.body.boloNumber, recordNumber('B'));
  const entry = auditedOnce(t, entries, {
    action: 'bolo.issued',
    desk: world.desk,
    organisationId: world.organisationId,
    playerCharacterId: officer.characterId,
  });
  t.like(entry, { subject: { type: 'bolo', id: reply.body.boloId } });
  t.like(entry?.details, { civilianCreated: true, vehicleCreated: true, severity: 'ARMED_DANGEROUS', scope: 'DEPARTMENT' });
  // Both subjects are in the records now.
  const person = await world.desk.post('/lookup/person', { identifiers: officer.identifiers, firstName: 'Dave', lastName });
  t.like(person.body.matches, [{ civilianId: entry?.details['civilianId'], dateOfBirth: '1970-07-07' }]);
  const vehicle = await world.desk.post('/lookup/vehicle', { identifiers: officer.identifiers, plate });
  t.like(vehicle.body, { found: true, vehicle: { plate, make: null, ownerCivilianId: null } });
});

test('/bolo: an exact match is reused, never registered twice; numbers are distinct and increasing', async (t) => {
  const { world, officer } = await scene(t);
  const civilian = await world.civilian('Ron', unique('Jakowski'), '1965-04-04');
  const vehicle = await world.vehicle({ plate: unique('R').slice(0, 10).toUpperCase(), make: 'Canis' });
  const subject = { civilian: { firstName: civilian.firstName, lastName: civilian.lastName, dateOfBirth: civilian.dateOfBirth } };
  const first = await world.audited(() => world.desk.post('/bolo', boloBody(officer.identifiers, { ...subject, plate: vehicle['plate'] })));
  const second = await world.audited(() =>
    world.desk.post('/bolo', boloBody(officer.identifiers, { plate: vehicle['plate'].toLowerCase() })),
  );
  for (const { result, entries } of [first, second]) {
    t.true(result.body.issued);
    t.is(entries.length, 1);
  }
  t.like(first.entries[0]!.details, {
    civilianId: civilian.civilianId,
    civilianCreated: false,
    vehicleId: vehicle['vehicleId'],
    vehicleCreated: false,
  });
  t.like(second.entries[0]!.details, { vehicleId: vehicle['vehicleId'], vehicleCreated: false });
  t.is(second.entries[0]!.details['civilianId'], undefined);
  t.not(first.result.body.boloId, second.result.body.boloId);
  t.true(second.result.body.boloNumber > first.result.body.boloNumber);
  const people = await world.desk.post('/lookup/person', {
    identifiers: officer.identifiers,
    firstName: civilian.firstName,
    lastName: civilian.lastName,
  });
  t.is(people.body.matches.length, 1, 'the civilian was not registered again');
});

test('/bolo: a subject with neither civilian nor plate, a bad plate, a bad date of birth or an unknown severity is a 400; nothing is written', async (t) => {
  const { world, officer } = await scene(t);
  const bad = [
    boloBody(officer.identifiers, {}),
    boloBody(officer.identifiers, { note: 'nobody' }),
    boloBody(officer.identifiers, { plate: 'NOT A PLATE!' }),
    boloBody(officer.identifiers, { civilian: { firstName: 'A', lastName: 'B', dateOfBirth: '1990-02-30' } }),
    boloBody(officer.identifiers, { plate: 'OK1' }, { severity: 'EXTREME' }),
    boloBody(officer.identifiers, { plate: 'OK1' }, { scope: 'WORLD' }),
  ];
  const { entries } = await world.audited(async () => {
    for (const body of bad) {
      const reply = await world.desk.post('/bolo', body);
      t.deepEqual([reply.status, reply.body.error], [400, 'VALIDATION_FAILED'], JSON.stringify(body.subject));
      t.true(reply.body.details.length > 0);
    }
  });
  t.deepEqual(entries, []);
  t.is((await world.desk.post('/lookup/vehicle', { identifiers: officer.identifiers, plate: 'OK1' })).body.reason, 'no_match');
});

// ---------------------------------------------------------------------------------------------
// /bolo-check

const checkKeys = ['boloId', 'boloNumber', 'reason', 'severity', 'subjectDescription'];

test('/bolo-check: active BOLOs only, in the bridge check shape (no narrative or notes); a read writes nothing', async (t) => {
  const { world, officer } = await scene(t);
  const plate = unique('C').slice(0, 10).toUpperCase();
  const kept = await world.desk.post(
    '/bolo',
    boloBody(officer.identifiers, { plate }, { severity: 'HIGH', subjectDescription: 'blue coupe', reason: 'hit and run' }),
  );
  const resolved = await world.desk.post('/bolo', boloBody(officer.identifiers, { plate }));
  t.true((await world.desk.post(`/bolo/${resolved.body.boloId}/resolve`, { identifiers: officer.identifiers })).body.resolved);
  const { result: reply, entries } = await world.audited(() =>
    world.desk.post('/bolo-check', { identifiers: officer.identifiers, plate: plate.toLowerCase() }),
  );
  t.is(reply.status, 200);
  t.deepEqual(reply.body, {
    checked: true,
    matches: [
      {
        boloId: kept.body.boloId,
        boloNumber: kept.body.boloNumber,
        severity: 'HIGH',
        subjectDescription: 'blue coupe',
        reason: 'hit and run',
      },
    ],
  });
  t.deepEqual(Object.keys(reply.body.matches[0]).sort(), checkKeys);
  t.false(JSON.stringify(reply.body).includes('informant'));
  t.deepEqual(entries, []);
});

test('/bolo-check: by full name; at most 10 matches; nothing known is an empty list', async (t) => {
  const { world, officer } = await scene(t);
  const lastName = unique('Many');
  for (let i = 0; i < 12; i++) {
    const reply = await world.desk.post(
      '/bolo',
      boloBody(officer.identifiers, { civilian: { firstName: 'Frank', lastName, dateOfBirth: '1980-08-08' } }),
    );
    t.true(reply.body.issued);
  }
  const byName = await world.desk.post('/bolo-check', { identifiers: officer.identifiers, firstName: 'Frank', lastName });
  t.true(byName.body.checked);
  t.is(byName.body.matches.length, 10);
  for (const match of byName.body.matches) t.deepEqual(Object.keys(match).sort(), checkKeys);
  const nothing = await world.desk.post('/bolo-check', { identifiers: officer.identifiers, plate: 'UNKNOWN1' });
  t.deepEqual(nothing.body, { checked: true, matches: [] });
});

test('/bolo-check: another department’s DEPARTMENT-scope BOLO is not shown, its COMMUNITY one is', async (t) => {
  const { world, officer } = await scene(t);
  const other = await world.otherDesk();
  const theirs = await world.officer(other);
  const plate = unique('S').slice(0, 10).toUpperCase();
  const internal = await other.post('/bolo', boloBody(theirs.identifiers, { plate }, { scope: 'DEPARTMENT' }));
  const shared = await other.post('/bolo', boloBody(theirs.identifiers, { plate }, { scope: 'COMMUNITY' }));
  const ours = await world.desk.post('/bolo-check', { identifiers: officer.identifiers, plate });
  t.deepEqual(
    ours.body.matches.map((m: { boloId: string }) => m.boloId),
    [shared.body.boloId],
  );
  const theirsCheck = await other.post('/bolo-check', { identifiers: theirs.identifiers, plate });
  t.deepEqual(theirsCheck.body.matches.map((m: { boloId: string }) => m.boloId).sort(), [internal.body.boloId, shared.body.boloId].sort());
});

test('/bolo-check: neither a plate nor both names is a 400', async (t) => {
  const { world, officer } = await scene(t);
  for (const body of [
    { identifiers: officer.identifiers },
    { identifiers: officer.identifiers, firstName: 'Only' },
    { identifiers: officer.identifiers, lastName: 'Only' },
  ]) {
    const reply = await world.desk.post('/bolo-check', body);
    t.deepEqual([reply.status, reply.body.error], [400, 'VALIDATION_FAILED'], JSON.stringify(body));
  }
});

// ---------------------------------------------------------------------------------------------
// /bolo/:boloId/resolve

test('/bolo/:boloId/resolve: RESOLVED, audited once; resolving again succeeds and writes nothing', async (t) => {
  const { world, officer } = await scene(t);
  const colleague = await world.officer();
  const bolo = await world.desk.post('/bolo', boloBody(officer.identifiers, { plate: unique('R').slice(0, 10).toUpperCase() }));
  const path = `/bolo/${bolo.body.boloId}/resolve`;
  const first = await world.audited(() => world.desk.post(path, { identifiers: colleague.identifiers }));
  t.deepEqual([first.result.status, first.result.body], [200, { resolved: true, boloId: bolo.body.boloId, status: 'RESOLVED' }]);
  const entry = auditedOnce(t, first.entries, {
    action: 'bolo.resolved',
    desk: world.desk,
    organisationId: world.organisationId,
    playerCharacterId: colleague.characterId,
  });
  t.like(entry, { subject: { type: 'bolo', id: bolo.body.boloId }, details: { from: 'ISSUED' } });
  const again = await world.audited(() =>
    world.desk.post(`/bolo/${bolo.body.boloId.toUpperCase()}/resolve`, { identifiers: officer.identifiers }),
  );
  t.deepEqual(again.result.body, { resolved: true, boloId: bolo.body.boloId, status: 'RESOLVED' });
  t.deepEqual(again.entries, []);
});

test('/bolo/:boloId/resolve: bolo_not_found for an unknown id and another organisation’s BOLO; wrong_department for another department’s', async (t) => {
  const { world, officer } = await scene(t);
  const away = await bridgeWorld(t.context.app);
  const awayOfficer = await away.officer();
  const awayBolo = await away.desk.post('/bolo', boloBody(awayOfficer.identifiers, { plate: 'AWAY1' }));
  const other = await world.otherDesk();
  const theirs = await world.officer(other);
  const theirBolos = [
    await other.post('/bolo', boloBody(theirs.identifiers, { plate: 'THEIRS1' }, { scope: 'DEPARTMENT' })),
    await other.post('/bolo', boloBody(theirs.identifiers, { plate: 'THEIRS2' }, { scope: 'COMMUNITY' })),
  ];
  const resolve = (boloId: string) => world.desk.post(`/bolo/${boloId}/resolve`, { identifiers: officer.identifiers });
  const { entries } = await world.audited(async () => {
    for (const boloId of ['0190a5b6-0000-7000-8000-00000000dead', awayBolo.body.boloId]) {
      t.deepEqual((await resolve(boloId)).body, { resolved: false, reason: 'bolo_not_found' });
    }
    for (const bolo of theirBolos) t.deepEqual((await resolve(bolo.body.boloId)).body, { resolved: false, reason: 'wrong_department' });
  });
  t.deepEqual(entries, []);
  // Still active for everyone who may see them.
  const check = await other.post('/bolo-check', { identifiers: theirs.identifiers, plate: 'THEIRS1' });
  t.is(check.body.matches.length, 1);
  const awayCheck = await away.desk.post('/bolo-check', { identifiers: awayOfficer.identifiers, plate: 'AWAY1' });
  t.is(awayCheck.body.matches.length, 1);
});

// ---------------------------------------------------------------------------------------------
// /citation and /arrest

const person = { firstName: 'Franklin', lastName: 'Clinton', dateOfBirth: '1988-03-03' };
const BAD_DATES = ['1990-2-3', '03/02/1990', '1990-02-30', '1990-13-01', '19900203', '1990-02-03T00:00:00Z', ' 1990-02-03'];

for (const [route, scope, body] of [
  ['/citation', 'game.citation.issue', (ids: Identifiers) => citationBody(ids, person)],
  ['/arrest', 'game.arrest.log', (ids: Identifiers) => arrestBody(ids, person)],
] as const) {
  test(`${route}: needs ${scope}: 403 without it (the other bridge scopes do not count), and nothing is written`, async (t) => {
    const world = await bridgeWorld(t.context.app, { scopes: BRIDGE_SCOPES.filter((s) => s !== scope) });
    const officer = await world.officer();
    const { result: reply, entries } = await world.audited(() => world.desk.post(route, body(officer.identifiers)));
    t.deepEqual([reply.status, reply.body.error], [403, 'FORBIDDEN']);
    t.deepEqual(entries, []);
  });

  test(`${route}: a dateOfBirth not strictly YYYY-MM-DD (or not a real date) is a 400 naming civilian.dateOfBirth; nothing is written`, async (t) => {
    const { world, officer } = await scene(t);
    const { entries } = await world.audited(async () => {
      for (const dateOfBirth of BAD_DATES) {
        const reply = await world.desk.post(route, { ...body(officer.identifiers), civilian: { ...person, dateOfBirth } });
        t.deepEqual([reply.status, reply.body.error], [400, 'VALIDATION_FAILED'], dateOfBirth);
        t.deepEqual(
          reply.body.details.map((d: { field: string }) => d.field),
          ['civilian.dateOfBirth'],
          dateOfBirth,
        );
      }
    });
    t.deepEqual(entries, []);
  });
}

test('/citation: issued with citationId and a CT- number, distinct each time; the person is registered or reused; audited once', async (t) => {
  const { world, officer } = await scene(t);
  const lastName = unique('Cited');
  const cited = { firstName: 'Tanisha', lastName, dateOfBirth: '1989-09-09' };
  const first = await world.audited(() => world.desk.post('/citation', citationBody(officer.identifiers, cited, { plate: 'cit 123' })));
  t.is(first.result.status, 200);
  t.deepEqual(Object.keys(first.result.body).sort(), ['citationId', 'citationNumber', 'issued']);
  t.true(first.result.body.issued);
  t.regex(first.result.body.citationId, UUID);
  t.regex(first.result.body.citationNumber, recordNumber('CT'));
  const entry = auditedOnce(t, first.entries, {
    action: 'citation.issued',
    desk: world.desk,
    organisationId: world.organisationId,
    playerCharacterId: officer.characterId,
  });
  t.like(entry, { subject: { type: 'citation', id: first.result.body.citationId }, details: { civilianCreated: true } });
  const second = await world.audited(() => world.desk.post('/citation', citationBody(officer.identifiers, cited)));
  t.not(second.result.body.citationId, first.result.body.citationId);
  t.not(second.result.body.citationNumber, first.result.body.citationNumber);
  t.true(second.result.body.citationNumber > first.result.body.citationNumber);
  t.like(second.entries[0]?.details, { civilianCreated: false, civilianId: entry?.details['civilianId'] });
});

test('/arrest: booked with arrestId and an AR- number; 1 and 20 charges are accepted, 0 and 21 are a 400; audited once', async (t) => {
  const { world, officer } = await scene(t);
  const booked = { firstName: 'Lamar', lastName: unique('Davis'), dateOfBirth: '1988-04-04' };
  const { entries: refused } = await world.audited(async () => {
    for (const count of [0, 21]) {
      const reply = await world.desk.post('/arrest', arrestBody(officer.identifiers, booked, count));
      t.deepEqual([reply.status, reply.body.error], [400, 'VALIDATION_FAILED'], `${count} charges`);
      t.deepEqual(
        reply.body.details.map((d: { field: string }) => d.field),
        ['charges'],
      );
    }
  });
  t.deepEqual(refused, []);
  const numbers: string[] = [];
  for (const count of [1, 20]) {
    const { result: reply, entries } = await world.audited(() =>
      world.desk.post('/arrest', arrestBody(officer.identifiers, booked, count)),
    );
    t.deepEqual(Object.keys(reply.body).sort(), ['arrestId', 'arrestNumber', 'booked']);
    t.true(reply.body.booked);
    t.regex(reply.body.arrestId, UUID);
    t.regex(reply.body.arrestNumber, recordNumber('AR'));
    numbers.push(reply.body.arrestNumber);
    auditedOnce(t, entries, {
      action: 'arrest.booked',
      desk: world.desk,
      organisationId: world.organisationId,
      playerCharacterId: officer.characterId,
    });
  }
  t.not(numbers[0], numbers[1]);
});

test('citation, arrest and BOLO numbers are separate sequences with their own prefixes', async (t) => {
  const { world, officer } = await scene(t);
  const citation = await world.desk.post('/citation', citationBody(officer.identifiers, person));
  const arrest = await world.desk.post('/arrest', arrestBody(officer.identifiers, person));
  const bolo = await world.desk.post('/bolo', boloBody(officer.identifiers, { plate: 'SEQ1' }));
  const year = String(new Date().getUTCFullYear() % 100).padStart(2, '0');
  t.is(citation.body.citationNumber, `CT-${year}-000001`);
  t.is(arrest.body.arrestNumber, `AR-${year}-000001`);
  t.is(bolo.body.boloNumber, `B-${year}-000001`);
});

// ---------------------------------------------------------------------------------------------
// /civilian and /civilian/claim

test('/civilian: registers a person for any player (created true), then finds them (created false); only the creation is audited', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const linked = await world.linkedPlayer();
  const civilian = { firstName: 'Amanda', lastName: unique('DeSanta'), dateOfBirth: '1972-02-02' };
  const first = await world.audited(() => world.desk.post('/civilian', { identifiers: linked.identifiers, civilian }));
  t.is(first.result.status, 200);
  t.deepEqual(Object.keys(first.result.body).sort(), ['civilianId', 'created', 'synced']);
  t.like(first.result.body, { synced: true, created: true });
  t.regex(first.result.body.civilianId, UUID);
  auditedOnce(t, first.entries, {
    action: 'civilian.registered',
    desk: world.desk,
    organisationId: world.organisationId,
    playerCharacterId: linked.characterId,
  });
  // Anyone, linked or not, finds the same civilian.
  const again = await world.audited(() => world.desk.post('/civilian', { identifiers: freshIdentifiers(), civilian }));
  t.deepEqual(again.result.body, { synced: true, civilianId: first.result.body.civilianId, created: false });
  t.deepEqual(again.entries, []);
  // Another date of birth is another person.
  const other = await world.desk.post('/civilian', {
    identifiers: freshIdentifiers(),
    civilian: { ...civilian, dateOfBirth: '1973-03-03' },
  });
  t.like(other.body, { synced: true, created: true });
  t.not(other.body.civilianId, first.result.body.civilianId);
});

test('/civilian: an unlinked player registers too; the audit entry names no character', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const civilian = { firstName: 'Jimmy', lastName: unique('DeSanta'), dateOfBirth: '1993-03-03' };
  const { result, entries } = await world.audited(() => world.desk.post('/civilian', { identifiers: freshIdentifiers(), civilian }));
  t.like(result.body, { synced: true, created: true });
  auditedOnce(t, entries, {
    action: 'civilian.registered',
    desk: world.desk,
    organisationId: world.organisationId,
    playerCharacterId: null,
  });
});

test('/civilian: a malformed date of birth is a 400', async (t) => {
  const world = await bridgeWorld(t.context.app);
  for (const dateOfBirth of ['1990-2-3', '1990-02-30']) {
    const reply = await world.desk.post('/civilian', { identifiers: freshIdentifiers(), civilian: { ...person, dateOfBirth } });
    t.deepEqual([reply.status, reply.body.error], [400, 'VALIDATION_FAILED']);
  }
});

test('/civilian/claim: not_linked for an unlinked player; claimed; claiming one’s own again succeeds; another player’s is already_claimed', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const owner = await world.linkedPlayer();
  const rival = await world.officer();
  const civilian = { firstName: 'Trevor', lastName: unique('Claim'), dateOfBirth: '1967-06-06' };
  const claim = (identifiers: Identifiers) => world.desk.post('/civilian/claim', { identifiers, civilian });

  const stranger = await world.audited(() => claim(freshIdentifiers()));
  t.deepEqual([stranger.result.status, stranger.result.body], [200, { claimed: false, reason: 'not_linked' }]);
  t.deepEqual(stranger.entries, []);

  const first = await world.audited(() => claim(owner.identifiers));
  t.deepEqual(Object.keys(first.result.body).sort(), ['civilianId', 'claimed']);
  t.true(first.result.body.claimed);
  t.regex(first.result.body.civilianId, UUID);
  auditedOnce(t, first.entries, {
    action: 'civilian.claimed',
    desk: world.desk,
    organisationId: world.organisationId,
    playerCharacterId: owner.characterId,
  });

  const own = await world.audited(() => claim(owner.identifiers));
  t.deepEqual(own.result.body, { claimed: true, civilianId: first.result.body.civilianId });
  t.deepEqual(own.entries, []);

  const taken = await world.audited(() => claim(rival.identifiers));
  t.deepEqual([taken.result.status, taken.result.body], [200, { claimed: false, reason: 'already_claimed' }]);
  t.deepEqual(taken.entries, []);
});

test('/civilian/claim: an existing civilian (registered by /civilian) is claimed, not registered again', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const owner = await world.linkedPlayer();
  const civilian = { firstName: 'Denise', lastName: unique('Clinton'), dateOfBirth: '1960-01-01' };
  const synced = await world.desk.post('/civilian', { identifiers: owner.identifiers, civilian });
  const claimed = await world.desk.post('/civilian/claim', { identifiers: owner.identifiers, civilian });
  t.deepEqual(claimed.body, { claimed: true, civilianId: synced.body.civilianId });
});

// ---------------------------------------------------------------------------------------------
// /vehicle

test('/vehicle: created true, then false for the same plate (any spacing); make, model and colour are never overwritten', async (t) => {
  const { world, officer } = await scene(t);
  const plate = unique('V').slice(0, 8).toUpperCase();
  const first = await world.audited(() =>
    world.desk.post('/vehicle', {
      identifiers: officer.identifiers,
      vehicle: { plate, make: 'Bravado', model: 'Banshee', color: 'red' },
    }),
  );
  t.deepEqual(Object.keys(first.result.body).sort(), ['created', 'synced', 'vehicleId']);
  t.like(first.result.body, { synced: true, created: true });
  t.regex(first.result.body.vehicleId, UUID);
  auditedOnce(t, first.entries, {
    action: 'vehicle.registered',
    desk: world.desk,
    organisationId: world.organisationId,
    playerCharacterId: officer.characterId,
  });
  const spaced = `${plate.slice(0, 3).toLowerCase()} ${plate.slice(3)}`;
  const second = await world.audited(() =>
    world.desk.post('/vehicle', {
      identifiers: freshIdentifiers(),
      vehicle: { plate: spaced, make: 'Vapid', model: 'Dominator', color: 'blue' },
    }),
  );
  t.deepEqual(second.result.body, { synced: true, vehicleId: first.result.body.vehicleId, created: false });
  auditedOnce(t, second.entries, {
    action: 'vehicle.synced',
    desk: world.desk,
    organisationId: world.organisationId,
    playerCharacterId: null,
  });
  const looked = await world.desk.post('/lookup/vehicle', { identifiers: officer.identifiers, plate });
  t.like(looked.body.vehicle, { make: 'Bravado', model: 'Banshee', color: 'red' });
});

test('/vehicle: a vehicle the records hold already keeps its details; a bad plate is a 400', async (t) => {
  const { world, officer } = await scene(t);
  const owner = await world.civilian('Owner', unique('Of'), '1970-01-01');
  const registered = await world.vehicle({
    plate: 'REC 42',
    make: 'Karin',
    model: 'Futo',
    color: 'white',
    ownerCivilianId: owner.civilianId,
  });
  const synced = await world.desk.post('/vehicle', {
    identifiers: officer.identifiers,
    vehicle: { plate: 'rec42', make: 'Pegassi', model: 'Zentorno', color: 'green' },
  });
  t.deepEqual(synced.body, { synced: true, vehicleId: registered['vehicleId'], created: false });
  const looked = await world.desk.post('/lookup/vehicle', { identifiers: officer.identifiers, plate: 'REC42' });
  t.like(looked.body.vehicle, { make: 'Karin', model: 'Futo', color: 'white', ownerCivilianId: owner.civilianId });
  const bad = await world.desk.post('/vehicle', { identifiers: officer.identifiers, vehicle: { plate: 'NO_PLATE!' } });
  t.deepEqual([bad.status, bad.body.error], [400, 'VALIDATION_FAILED']);
});
