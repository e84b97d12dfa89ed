/**
 * The game bridge under truly concurrent requests, on real PostgreSQL (PGlite serialises every
 * transaction, so a missing row lock passes there). Requests alternate between two service
 * instances on one schema: only the database can keep them in order, never a lock in a process.
 * The tests run one after the other, so that each burst has the machine to itself and races show.
 */
import anyTest, { type TestFn } from 'ava';
import { type Operator, expect, operatorOf, tokenFor } from '../support/operator-driver.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

interface Context {
  /** Two instances on one schema that provision players freely. */
  readonly pair: readonly TestService[];
  /** Two instances on the same schema whose credentials may create 5 new players an hour. */
  readonly capped: readonly TestService[];
  readonly operator: Operator;
}

const test = anyTest as TestFn<Context>;
const BRIDGE = '/api/v1/integrations/game';
const SLUG = 'lspd';

type Identifiers = { license: string };
interface Officer {
  readonly identifiers: Identifiers;
  readonly unitId: string;
}

/** `C-26-000001`-style numbers of this year, 1 to `count`. */
function expectedNumbers(prefix: string, count: number): string[] {
  const yy = String(new Date().getUTCFullYear() % 100).padStart(2, '0');
  return Array.from({ length: count }, (_, i) => `${prefix}-${yy}-${String(i + 1).padStart(6, '0')}`);
}

/**
 * A new organisation with one department and a game credential, driven through `services` in
 * turn: request `i` goes to instance `i % services.length`.
 */
async function world(services: readonly TestService[], scopes: string[] = [], settings: Record<string, unknown> = {}) {
  const first = services[0]!;
  const operator = operatorOf(first.http, first.bootstrapKey);
  const org = await operator.organisation(settings);
  const departmentId = await org.department(SLUG);
  const credential = await org.gameCredential(departmentId, scopes);
  const token = await tokenFor(first.http, credential);
  const bridge = (path: string, body: unknown, i = 0) => services[i % services.length]!.http.post(`${BRIDGE}${path}`, body, { token });

  const duty = (identifiers: Identifiers, onDuty: boolean, i = 0) =>
    bridge('/duty', { identifiers, departmentSlug: SLUG, onDuty, characterName: `Player ${identifiers.license}` }, i);

  return {
    org,
    operator,
    departmentId,
    bridge,
    duty,
    /** `count` new players put on duty one after the other (each is provisioned by its first `/duty`). */
    async officers(count: number, label = 'officer'): Promise<Officer[]> {
      const officers: Officer[] = [];
      for (let i = 0; i < count; i++) {
        const identifiers = { license: `license:${label}-${i}` };
        const body = expect(await duty(identifiers, true, i), 200);
        if (body.synced !== true || body.status !== 'AVAILABLE') throw new Error(`officer ${i} not on duty: ${JSON.stringify(body)}`);
        officers.push({ identifiers, unitId: body.unitId });
      }
      return officers;
    },
    /** A linked player who stays off duty: enough for `/911`. */
    async civilian(label = 'civilian'): Promise<Identifiers> {
      const identifiers = { license: `license:${label}` };
      const body = expect(await duty(identifiers, false), 200);
      if (body.synced !== true || body.status !== 'OFF_DUTY') throw new Error(`civilian not provisioned: ${JSON.stringify(body)}`);
      return identifiers;
    },
    async report911(identifiers: Identifiers, mapX: number, mapY: number, i = 0) {
      const body = expect(await bridge('/911', { identifiers, mapX, mapY, description: 'Shots fired near the pier' }, i), 200);
      if (body.reported !== true) throw new Error(`911 refused: ${JSON.stringify(body)}`);
      return { callId: body.callId as string, callNumber: body.callNumber as string };
    },
    async call(callId: string) {
      return expect(await operator.get(`/calls/${callId}`), 200) as { status: string; units: Array<{ unitId: string; status: string }> };
    },
    async units() {
      const api = await tokenFor(first.http, await org.apiCredential(['cad.unit.view']));
      return expect(await first.http.get(`/api/v1/units?departmentId=${departmentId}`, { token: api }), 200) as Array<{
        unitId: string;
        status: string;
        assignment: { callId: string; mapX: number | null; mapY: number | null } | null;
      }>;
    },
    async audit() {
      return (await org.audit()) as unknown as Array<{ action: string; subject: { id: string } | null; details: Record<string, unknown> }>;
    },
  };
}

whenPostgres(test, 'bridge concurrency on PostgreSQL', (url) => {
  const schema = freshSchemaName('bridge');

  test.before(async (t) => {
    const storage = { kind: 'postgres', url, schema } as const;
    // High limits, so that no rate limit or allowance takes part unless a test asks for one.
    const a = await startTestService({ storage, rateLimitScale: 1000, autoProvisionPerHour: 100_000 });
    const started = [a];
    try {
      const key = a.bootstrapKey;
      started.push(await startTestService({ storage, rateLimitScale: 1000, autoProvisionPerHour: 100_000, bootstrapKey: key }));
      for (let i = 0; i < 2; i++) {
        started.push(await startTestService({ storage, rateLimitScale: 1000, autoProvisionPerHour: 5, bootstrapKey: key }));
      }
    } catch (error) {
      await Promise.all(started.map((s) => s.close()));
      throw error;
    }
    t.context = { pair: started.slice(0, 2), capped: started.slice(2), operator: operatorOf(a.http, a.bootstrapKey) };
  });
  test.after.always(async (t) => {
    await Promise.all([...(t.context.pair ?? []), ...(t.context.capped ?? [])].map((s) => s.close()));
    await dropSchema(url, schema);
  });

  test.serial(
    '50 units self-assigning to one call at once: all 50 assigned, and the call moves PENDING to ACTIVE exactly once',
    async (t) => {
      const w = await world(t.context.pair);
      const officers = await w.officers(50);
      const { callId } = await w.report911(await w.civilian(), 120, -340);
      t.is((await w.call(callId)).status, 'PENDING');

      const replies = await Promise.all(officers.map((o, i) => w.bridge('/911/self-assign', { identifiers: o.identifiers, callId }, i)));

      replies.forEach((reply, i) => {
        t.is(reply.status, 200);
        t.deepEqual(reply.body, { assigned: true, unitId: officers[i]!.unitId, callStatus: 'ACTIVE', unitStatus: 'EN_ROUTE' });
      });
      const onCall = (await w.units()).filter((u) => u.assignment?.callId === callId);
      t.deepEqual(onCall.map((u) => u.unitId).sort(), officers.map((o) => o.unitId).sort());
      t.true(onCall.every((u) => u.status === 'EN_ROUTE' && u.assignment!.mapX === 120 && u.assignment!.mapY === -340));
      const call = await w.call(callId);
      t.is(call.status, 'ACTIVE');
      t.is(call.units.length, 50);

      const assigned = (await w.audit()).filter((e) => e.action === 'call.self_assigned' && e.subject?.id === callId);
      t.is(assigned.length, 50);
      t.is(assigned.filter((e) => e.details['callStatusFrom'] === 'PENDING').length, 1, 'one status move PENDING to ACTIVE');
      t.is(assigned.filter((e) => e.details['callStatusFrom'] === 'ACTIVE').length, 49);
    },
  );

  test.serial(
    'in a game_tiles organisation, whose assignment writes also take the department’s waypoint number, 30 units self-assigning to one call at once are all assigned',
    async (t) => {
      const w = await world(t.context.pair, [], { settings: { mapType: 'game_tiles' } });
      const officers = await w.officers(30);
      const { callId } = await w.report911(await w.civilian(), 10, -20);

      const replies = await Promise.all(officers.map((o, i) => w.bridge('/911/self-assign', { identifiers: o.identifiers, callId }, i)));

      t.deepEqual(
        replies.map((r) => r.status),
        Array(30).fill(200),
      );
      t.true(replies.every((r) => r.body.assigned === true));
      t.is((await w.call(callId)).units.length, 30);
    },
  );

  test.serial('one unit self-assigning to 20 calls at once: one assignment, one ACTIVE call, 19 already_assigned', async (t) => {
    const w = await world(t.context.pair);
    const [officer] = await w.officers(1);
    const civilian = await w.civilian();
    const calls: Array<{ callId: string; callNumber: string; mapX: number; mapY: number }> = [];
    for (let i = 0; i < 20; i++) calls.push({ ...(await w.report911(civilian, 100 + i, 200 + i)), mapX: 100 + i, mapY: 200 + i });

    const replies = await Promise.all(
      calls.map((c, i) => w.bridge('/911/self-assign', { identifiers: officer!.identifiers, callId: c.callId }, i)),
    );

    t.deepEqual(
      replies.map((r) => r.status),
      Array(20).fill(200),
    );
    const won = replies.flatMap((r, i) => (r.body.assigned === true ? [i] : []));
    t.is(won.length, 1, 'exactly one self-assign wins');
    const winner = calls[won[0]!]!;
    t.deepEqual(replies[won[0]!]!.body, { assigned: true, unitId: officer!.unitId, callStatus: 'ACTIVE', unitStatus: 'EN_ROUTE' });
    const lost = replies.filter((_, i) => i !== won[0]).map((r) => r.body);
    t.deepEqual(lost, Array(19).fill({ assigned: false, reason: 'already_assigned' }));

    const waypoint = expect(await w.bridge('/waypoint', { identifiers: officer!.identifiers }), 200);
    t.deepEqual(waypoint, {
      hasWaypoint: true,
      callId: winner.callId,
      callNumber: winner.callNumber,
      mapX: winner.mapX,
      mapY: winner.mapY,
    });
    const [unit] = (await w.units()).filter((u) => u.unitId === officer!.unitId);
    t.like(unit, { status: 'EN_ROUTE', assignment: { callId: winner.callId } });

    const statuses = await Promise.all(calls.map(async (c) => ({ callId: c.callId, ...(await w.call(c.callId)) })));
    t.deepEqual(
      statuses.filter((c) => c.status === 'ACTIVE').map((c) => c.callId),
      [winner.callId],
    );
    t.is(statuses.filter((c) => c.status === 'PENDING').length, 19);
    t.deepEqual(
      statuses.flatMap((c) => c.units.map((u) => `${c.callId}:${u.unitId}`)),
      [`${winner.callId}:${officer!.unitId}`],
      'the unit is on exactly one call',
    );

    const assigned = (await w.audit()).filter((e) => e.action === 'call.self_assigned');
    t.is(assigned.length, 1);
    t.like(assigned[0], { subject: { id: winner.callId }, details: { unitId: officer!.unitId, callStatusFrom: 'PENDING' } });
  });

  test.serial('20 citations at once get 20 distinct, contiguous numbers CT-YY-000001 to 000020', async (t) => {
    const w = await world(t.context.pair, ['game.citation.issue']);
    const officers = await w.officers(4);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        w.bridge(
          '/citation',
          {
            identifiers: officers[i % officers.length]!.identifiers,
            civilian: { firstName: 'Driver', lastName: `Number${i}`, dateOfBirth: '1990-04-12' },
            plate: `CIT${i}`,
            locationText: 'Vinewood Blvd',
            statuteCode: 'VC-22350',
            statuteDescription: 'Unsafe speed',
            fineAmount: 150,
          },
          i,
        ),
      ),
    );
    t.deepEqual(
      replies.map((r) => [r.status, r.body.issued]),
      Array(20).fill([200, true]),
    );
    t.deepEqual(replies.map((r) => r.body.citationNumber).sort(), expectedNumbers('CT', 20));
    t.is(new Set(replies.map((r) => r.body.citationId)).size, 20);
    const issued = (await w.audit()).filter((e) => e.action === 'citation.issued');
    t.deepEqual(issued.map((e) => e.details['citationNumber']).sort(), expectedNumbers('CT', 20));
  });

  // Without the identity hold in findOrRegisterCivilian this registered the person twice (seen: 2
  // civilians from 20 citations).
  test.serial('20 citations at once of one person the records lack register that person once', async (t) => {
    const w = await world(t.context.pair, ['game.citation.issue']);
    const officers = await w.officers(4);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        w.bridge(
          '/citation',
          {
            identifiers: officers[i % officers.length]!.identifiers,
            civilian: { firstName: 'Trevor', lastName: 'Phillips', dateOfBirth: '1967-11-08' },
            plate: '',
            locationText: 'Sandy Shores',
            statuteCode: 'PC-415',
            statuteDescription: 'Disturbing the peace',
            fineAmount: 400,
          },
          i,
        ),
      ),
    );
    t.true(replies.every((r) => r.status === 200 && r.body.issued === true));
    const issued = (await w.audit()).filter((e) => e.action === 'citation.issued');
    t.is(issued.length, 20);
    t.is(new Set(issued.map((e) => e.details['civilianId'])).size, 1, 'every citation names the same civilian');
    t.is(issued.filter((e) => e.details['civilianCreated'] === true).length, 1);
  });

  test.serial('20 panic calls and 20 emergency calls at once get distinct, contiguous call numbers', async (t) => {
    const w = await world(t.context.pair);
    const officers = await w.officers(5);
    const civilian = await w.civilian();
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? w.bridge('/panic', { identifiers: officers[i % officers.length]!.identifiers, mapX: i, mapY: -i }, i)
          : w.bridge('/911', { identifiers: civilian, mapX: i, mapY: -i, description: `Report ${i}` }, i),
      ),
    );
    const panics = replies.filter((_, i) => i % 2).map((r) => r.body);
    const reports = replies.filter((_, i) => i % 2 === 0).map((r) => r.body);
    t.deepEqual(
      replies.map((r) => r.status),
      Array(40).fill(200),
    );
    t.true(panics.every((b) => b.triggered === true));
    t.true(reports.every((b) => b.reported === true));
    t.deepEqual(replies.map((r) => r.body.callNumber).sort(), expectedNumbers('C', 40));
    t.is(new Set(replies.map((r) => r.body.callId)).size, 40);
  });

  test.serial('20 never-seen players going on duty at once under an allowance of 5: 5 synced, 15 refused with 429', async (t) => {
    const w = await world(t.context.capped);
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => w.duty({ license: `license:rush-${i}` }, true, i)));

    const synced = replies.filter((r) => r.status === 200);
    t.is(synced.length, 5);
    t.true(synced.every((r) => r.body.synced === true && r.body.status === 'AVAILABLE'));
    t.is(new Set(synced.map((r) => r.body.unitId)).size, 5);
    const refused = replies.filter((r) => r.status !== 200);
    t.deepEqual(
      refused.map((r) => [r.status, r.body.error]),
      Array(15).fill([429, 'RATE_LIMITED']),
    );
    t.deepEqual((await w.units()).map((u) => u.unitId).sort(), synced.map((r) => r.body.unitId).sort());
    t.is((await w.audit()).filter((e) => e.action === 'player.provisioned').length, 5);
  });

  test.serial('one never-seen player going on duty 10 times at once is created once and counted once', async (t) => {
    const w = await world(t.context.capped);
    const identifiers = { license: 'license:eager' };
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => w.duty(identifiers, true, i)));

    t.true(replies.every((r) => r.status === 200 && r.body.synced === true && r.body.status === 'AVAILABLE'));
    const unitIds = new Set(replies.map((r) => r.body.unitId));
    t.is(unitIds.size, 1, 'all ten answers name one unit');
    t.deepEqual(
      (await w.units()).map((u) => u.unitId),
      [...unitIds],
    );
    t.is((await w.audit()).filter((e) => e.action === 'player.provisioned').length, 1);

    // Counted once: 4 more new players fit in the allowance of 5, the one after does not.
    for (let i = 0; i < 4; i++) t.is((await w.duty({ license: `license:later-${i}` }, true, i)).status, 200);
    t.like(await w.duty({ license: 'license:one-too-many' }, true), { status: 429, body: { error: 'RATE_LIMITED' } });
  });
});
