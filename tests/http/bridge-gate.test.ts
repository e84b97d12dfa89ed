import anyTest, { type TestFn } from 'ava';
import { type BridgeWorld, type Desk, type Identifiers, bridgeWorld, freshIdentifiers, unique } from '../support/bridge-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * The bridge gate of section 5.4 through real HTTP, for every route it guards: each failure of the
 * chain reads exactly `not_linked` or `not_on_duty`, with nothing else to tell them apart, and a
 * refusal writes nothing.
 */
interface Context {
  app: TestService;
}
interface Scene {
  world: BridgeWorld;
  away: BridgeWorld;
  boloId: string;
  callId: string;
}
const test = anyTest as TestFn<Context>;

interface GatedRoute {
  readonly path: (c: Scene) => string;
  readonly flag: string;
  readonly body: (identifiers: Identifiers, c: Scene) => Record<string, unknown>;
  /** Fields every refusal of the route carries besides the flag and the reason. */
  readonly extra?: Record<string, unknown>;
}

const person = { firstName: 'Trevor', lastName: 'Philips', dateOfBirth: '1967-06-06' };
const fixed = (path: string) => () => path;

/** Every route behind the full gate, with a body it accepts. */
const FULL_GATE: readonly GatedRoute[] = [
  { path: fixed('/lookup/vehicle'), flag: 'found', body: (identifiers) => ({ identifiers, plate: 'GATE1' }) },
  { path: fixed('/lookup/person'), flag: 'found', body: (identifiers) => ({ identifiers, firstName: 'Trevor', lastName: 'Philips' }) },
  { path: fixed('/warrant-check'), flag: 'checked', body: (identifiers) => ({ identifiers, ...person }) },
  {
    path: fixed('/bolo'),
    flag: 'issued',
    body: (identifiers) => ({
      identifiers,
      subject: { plate: 'GATE2' },
      severity: 'HIGH',
      scope: 'DEPARTMENT',
      subjectDescription: 'black sedan',
      reason: 'robbery',
      narrative: '',
    }),
  },
  { path: fixed('/bolo-check'), flag: 'checked', body: (identifiers) => ({ identifiers, plate: 'GATE2' }) },
  { path: (c) => `/bolo/${c.boloId}/resolve`, flag: 'resolved', body: (identifiers) => ({ identifiers }) },
  {
    path: fixed('/citation'),
    flag: 'issued',
    body: (identifiers) => ({
      identifiers,
      civilian: person,
      plate: '',
      locationText: 'Vinewood Blvd',
      statuteCode: 'VC-1',
      statuteDescription: 'Speeding',
      fineAmount: 250,
    }),
  },
  {
    path: fixed('/arrest'),
    flag: 'booked',
    body: (identifiers) => ({
      identifiers,
      civilian: person,
      locationText: 'Vinewood Blvd',
      narrative: 'fled on foot',
      charges: [{ statuteCode: 'PC-1', statuteDescription: 'Evading' }],
    }),
  },
  { path: fixed('/panic'), flag: 'triggered', body: (identifiers) => ({ identifiers, mapX: 1, mapY: 2 }) },
  { path: fixed('/911/self-assign'), flag: 'assigned', body: (identifiers, c) => ({ identifiers, callId: c.callId }) },
  { path: fixed('/911/unassign'), flag: 'unassigned', body: (identifiers, c) => ({ identifiers, callId: c.callId }) },
  { path: fixed('/911/narrative'), flag: 'updated', body: (identifiers, c) => ({ identifiers, callId: c.callId, text: 'note' }) },
  { path: fixed('/location'), flag: 'reported', body: (identifiers) => ({ identifiers, mapX: 1000, mapY: 2000 }) },
  {
    path: fixed('/waypoint'),
    flag: 'hasWaypoint',
    body: (identifiers) => ({ identifiers }),
    extra: { assignedCallId: null, assignedCallNumber: null },
  },
];

/** Routes that need a link but not duty (section 5.5). */
const LINK_GATE: readonly GatedRoute[] = [
  {
    path: fixed('/911'),
    flag: 'reported',
    body: (identifiers) => ({ identifiers, mapX: 5, mapY: 6, description: 'a fight' }),
  },
  {
    path: fixed('/civilian/claim'),
    flag: 'claimed',
    body: (identifiers) => ({ identifiers, civilian: { firstName: 'Claim', lastName: unique('Gate'), dateOfBirth: '1990-01-01' } }),
  },
  {
    path: fixed('/mdt-handoff'),
    flag: 'issued',
    body: (identifiers, c) => ({ identifiers, departmentSlug: c.world.slug, onDuty: true }),
  },
];

test.before(async (t) => {
  t.context = { app: await startTestService({ rateLimitScale: 1000 }) };
});
test.after.always((t) => t.context.app?.close());

/** An organisation of its own for each test (its audit log shows that test's writes only), with a BOLO and a call. */
async function scene(app: TestService): Promise<Scene> {
  const world = await bridgeWorld(app);
  const away = await bridgeWorld(app);
  const officer = await world.officer();
  const bolo = await world.desk.post('/bolo', FULL_GATE[3]!.body(officer.identifiers, {} as Scene));
  const call = await world.desk.post('/911', LINK_GATE[0]!.body(officer.identifiers, {} as Scene));
  if (bolo.body.issued !== true || call.body.reported !== true) throw new Error('setup failed');
  return { world, away, boloId: bolo.body.boloId, callId: call.body.callId };
}

type Scenario = (c: Scene) => Promise<{ identifiers: Identifiers; desk?: Desk }>;

/** Each way the chain fails, with the reason it must read as. */
const FAILURES: ReadonlyArray<[string, 'not_linked' | 'not_on_duty', Scenario]> = [
  ['never-linked identifiers', 'not_linked', async () => ({ identifiers: freshIdentifiers() })],
  [
    'a player linked and on duty in another organisation',
    'not_linked',
    async (c) => ({ identifiers: (await c.away.officer()).identifiers }),
  ],
  ['a linked player with no membership', 'not_on_duty', async (c) => ({ identifiers: (await c.world.linkedPlayer()).identifiers })],
  ['a linked member who is off duty', 'not_on_duty', async (c) => ({ identifiers: (await c.world.offDutyOfficer()).identifiers })],
  [
    'a linked member who went off duty through /duty',
    'not_on_duty',
    async (c) => {
      const officer = await c.world.officer();
      await c.world.goOnDuty(officer, c.world.desk, false);
      return { identifiers: officer.identifiers };
    },
  ],
  [
    'an on-duty member of another department of the organisation',
    'not_on_duty',
    async (c) => {
      const other = await c.world.otherDesk();
      return { identifiers: (await c.world.officer(other)).identifiers };
    },
  ],
  [
    'an on-duty member whose unit was deactivated',
    'not_on_duty',
    async (c) => {
      const officer = await c.world.officer();
      await c.world.deactivateUnit(officer.unitId!);
      return { identifiers: officer.identifiers };
    },
  ],
];

for (const [scenario, reason, setup] of FAILURES) {
  test(`full gate, ${scenario}: every guarded route answers exactly ${reason}, and writes nothing`, async (t) => {
    const c = await scene(t.context.app);
    const { world } = c;
    const { identifiers } = await setup(c);
    const { entries } = await world.audited(async () => {
      for (const route of FULL_GATE) {
        const reply = await world.desk.post(route.path(c), route.body(identifiers, c));
        t.is(reply.status, 200, route.path(c));
        t.deepEqual(reply.body, { [route.flag]: false, reason, ...route.extra }, route.path(c));
      }
    });
    t.deepEqual(entries, []);
  });
}

test('not_linked and not_on_duty differ in the reason only: same status, same fields, same content type', async (t) => {
  const c = await scene(t.context.app);
  const { world } = c;
  const stranger = freshIdentifiers();
  const offDuty = (await world.offDutyOfficer()).identifiers;
  for (const route of FULL_GATE) {
    const a = await world.desk.post(route.path(c), route.body(stranger, c));
    const b = await world.desk.post(route.path(c), route.body(offDuty, c));
    t.is(a.status, b.status);
    t.deepEqual(Object.keys(a.body).sort(), Object.keys(b.body).sort(), route.path(c));
    t.deepEqual({ ...a.body, reason: 'x' }, { ...b.body, reason: 'x' });
    t.deepEqual([a.body.reason, b.body.reason], ['not_linked', 'not_on_duty']);
    t.is(a.headers.get('content-type'), b.headers.get('content-type'));
  }
});

test('link gate (/911, /civilian/claim, /mdt-handoff): never-linked and other-organisation players are exactly not_linked, and nothing is written', async (t) => {
  const c = await scene(t.context.app);
  const { world, away } = c;
  const elsewhere = (await away.officer()).identifiers;
  const { entries } = await world.audited(async () => {
    for (const identifiers of [freshIdentifiers(), elsewhere]) {
      for (const route of LINK_GATE) {
        const reply = await world.desk.post(route.path(c), route.body(identifiers, c));
        t.deepEqual([reply.status, reply.body], [200, { [route.flag]: false, reason: 'not_linked' }], route.path(c));
      }
    }
  });
  t.deepEqual(entries, []);
});

test('link gate: duty is not needed; linked players without membership or off duty pass', async (t) => {
  const c = await scene(t.context.app);
  const { world } = c;
  for (const player of [await world.linkedPlayer(), await world.offDutyOfficer()]) {
    for (const route of LINK_GATE) {
      const reply = await world.desk.post(route.path(c), route.body(player.identifiers, c));
      t.is(reply.body[route.flag], true, `${route.path(c)} ${JSON.stringify(reply.body)}`);
    }
  }
});

test('a link counts at once: the same identifiers pass the full gate right after /identity/link and /duty, nothing cached', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const character = await world.character();
  const { unitId } = await world.member(character.characterId);
  const identifiers = freshIdentifiers();
  const waypoint = () => world.desk.post('/waypoint', { identifiers });
  t.is((await waypoint()).body.reason, 'not_linked');
  await world.link(character.characterId, identifiers);
  t.is((await waypoint()).body.reason, 'not_on_duty');
  await world.goOnDuty({ identifiers });
  t.deepEqual((await waypoint()).body, { hasWaypoint: false, reason: 'no_assignment', assignedCallId: null, assignedCallNumber: null });
  await world.deactivateUnit(unitId);
  t.is((await waypoint()).body.reason, 'not_on_duty');
});

test('any linked identifier kind resolves the player; an unlinked extra identifier does not hide the link', async (t) => {
  const world = await bridgeWorld(t.context.app);
  const character = await world.character();
  await world.member(character.characterId);
  const identifiers = { license: `license:${unique()}`, game: `game:${unique()}` };
  await world.link(character.characterId, identifiers);
  await world.goOnDuty({ identifiers });
  for (const sent of [{ game: identifiers.game }, { license: identifiers.license }, { ...identifiers, chat: `chat:${unique()}` }]) {
    const reply = await world.desk.post('/waypoint', { identifiers: sent });
    t.is(reply.body.reason, 'no_assignment', JSON.stringify(sent));
  }
});
