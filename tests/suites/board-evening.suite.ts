import type { TestFn } from 'ava';
import type { Persistence } from '../../application/ports/persistence.ts';
import { bridgeWorld } from '../support/bridge-driver.ts';
import { expect, organisationOf } from '../support/operator-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

export type EveningContext = { app: TestService };

/**
 * What the board's busy evening keeps in the store given: the organisation's `staleUnitMinutes`
 * (decision 0121), and the look-ups (decision 0122), a plate and a person read through operator
 * routes from the very records an on-duty officer's `/lookup/*` reads.
 */
export function boardEveningSuite(test: TestFn<EveningContext>, open: () => Promise<Persistence>): void {
  test.before(async (t) => {
    t.context = { app: await startTestService({ storage: { kind: 'provided', persistence: await open() }, rateLimitScale: 1000 }) };
  });
  test.after.always((t) => t.context.app?.close());

  async function desk(t: { context: EveningContext }, permissions = ['dispatch.view']) {
    const { app } = t.context;
    const world = await bridgeWorld(app);
    const { key } = await organisationOf(app.http, app.bootstrapKey, world.organisationId).operatorKey(permissions, 'board');
    const get = (path: string) => app.http.get(`/api/v1/admin/organisations/${world.organisationId}/lookup/${path}`, { token: key });
    return { world, get };
  }

  test('a plate from the board: the same answer as an officer’s /lookup/vehicle, case and spaces aside, and writes nothing', async (t) => {
    const { world, get } = await desk(t);
    const owner = await world.civilian('Trevor', 'Philips', '1967-06-06');
    await world.vehicle({ plate: '4GTA123', make: 'Bravado', model: 'Buffalo', color: 'black', ownerCivilianId: owner.civilianId });
    const officer = await world.officer();
    const bridge = await world.desk.post('/lookup/vehicle', { identifiers: officer.identifiers, plate: '4GTA123' });
    const { result, entries } = await world.audited(() => get(`vehicle?plate=${encodeURIComponent(' 4 gta 12 3 ')}`));
    t.deepEqual(expect(result, 200), { vehicle: bridge.body.vehicle });
    t.like(bridge.body.vehicle, { plate: '4GTA123', ownerDisplayName: 'Trevor Philips' });
    t.deepEqual(entries, [], 'a look-up writes nothing');
  });

  test('a person from the board: every civilian of that exact name, the same as /lookup/person', async (t) => {
    const { world, get } = await desk(t, ['dispatch.manage']);
    const [first, second] = [
      await world.civilian('Amanda', 'De Santa', '1970-01-01'),
      await world.civilian('amanda', 'de santa', '1980-02-02'),
    ];
    await world.civilian('Amanda', 'Smith', '1970-01-01');
    const officer = await world.officer();
    const bridge = await world.desk.post('/lookup/person', { identifiers: officer.identifiers, firstName: 'Amanda', lastName: 'De Santa' });
    const found = expect(await get('person?firstName=AMANDA&lastName=De%20Santa'), 200);
    t.deepEqual(found.matches.map((m: { civilianId: string }) => m.civilianId).sort(), [first.civilianId, second.civilianId].sort());
    t.deepEqual(
      [...found.matches].sort((a: { civilianId: string }, b: { civilianId: string }) => a.civilianId.localeCompare(b.civilianId)),
      [...bridge.body.matches].sort((a: { civilianId: string }, b: { civilianId: string }) => a.civilianId.localeCompare(b.civilianId)),
    );
  });

  test('no record is an empty answer; another organisation’s records are not found from here', async (t) => {
    const { get } = await desk(t);
    const away = await bridgeWorld(t.context.app);
    await away.vehicle({ plate: 'AWAY99' });
    await away.civilian('Lamar', 'Davis', '1985-03-03');
    t.deepEqual(expect(await get('vehicle?plate=AWAY99'), 200), { vehicle: null });
    t.deepEqual(expect(await get('vehicle?plate=NONE1'), 200), { vehicle: null });
    t.deepEqual(expect(await get('person?firstName=Lamar&lastName=Davis'), 200), { matches: [] });
  });

  test('bad input is a 400 naming the field; a key without dispatch.view is refused; a foreign organisation is not found', async (t) => {
    const { world, get } = await desk(t);
    const invalid = expect(await get('vehicle?plate=%21%21%21'), 400);
    t.deepEqual([invalid.error, invalid.details.map((d: { field: string }) => d.field)], ['VALIDATION_FAILED', ['plate']]);
    t.is(expect(await get('vehicle'), 400).error, 'VALIDATION_FAILED');
    t.is(expect(await get('person?firstName=Amanda'), 400).error, 'VALIDATION_FAILED');

    const { app } = t.context;
    const org = organisationOf(app.http, app.bootstrapKey, world.organisationId);
    const { key: recordsOnly } = await org.operatorKey(['records.manage', 'audit.view', 'roster.manage'], 'records clerk');
    for (const path of ['vehicle?plate=ABC1', 'person?firstName=A&lastName=B']) {
      const refused = await app.http.get(`/api/v1/admin/organisations/${world.organisationId}/lookup/${path}`, { token: recordsOnly });
      t.deepEqual([refused.status, refused.body.error], [403, 'FORBIDDEN'], path);
    }
    const away = await bridgeWorld(app);
    const { key } = await organisationOf(app.http, app.bootstrapKey, world.organisationId).operatorKey(['dispatch.view'], 'desk');
    const foreign = await app.http.get(`/api/v1/admin/organisations/${away.organisationId}/lookup/vehicle?plate=ABC1`, { token: key });
    t.deepEqual([foreign.status, foreign.body.error], [404, 'NOT_FOUND']);
  });

  test('staleUnitMinutes is 2 until changed, kept as set, and a value outside 1 to 1440 is a 400 naming it that writes nothing', async (t) => {
    const { app } = t.context;
    const world = await bridgeWorld(app);
    const path = `/api/v1/admin/organisations/${world.organisationId}`;
    const read = async () => expect(await app.http.get(path, { token: app.bootstrapKey }), 200).staleUnitMinutes;
    t.is(await read(), 2);
    t.is(expect(await app.http.patch(path, { staleUnitMinutes: 5 }, { token: app.bootstrapKey }), 200).staleUnitMinutes, 5);
    t.is(await read(), 5);
    const { entries } = await world.audited(async () => {
      for (const bad of [0, 1441, 2.5, '3', null]) {
        const refused = expect(await app.http.patch(path, { staleUnitMinutes: bad }, { token: app.bootstrapKey }), 400);
        t.deepEqual(
          refused.details.map((d: { field: string }) => d.field),
          ['staleUnitMinutes'],
          JSON.stringify(bad),
        );
      }
    });
    t.deepEqual(entries, []);
    t.is(await read(), 5);
  });
}
