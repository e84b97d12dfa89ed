import type { TestFn } from 'ava';
import type { Persistence } from '../../application/ports/persistence.ts';
import { expect, operatorOf } from '../support/operator-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

export type AdminRecordsContext = { app: TestService };

/**
 * The operator's list of civilian records (issue 33, item 6): a page at a time, searched by name,
 * with `records.manage`, within the organisation only.
 */
export function adminRecordsSuite(test: TestFn<AdminRecordsContext>, open: () => Promise<Persistence>): void {
  test.before(async (t) => {
    const persistence = await open();
    t.context = { app: await startTestService({ storage: { kind: 'provided', persistence }, rateLimitScale: 1000 }) };
  });
  test.after.always((t) => t.context.app?.close());

  test.serial(
    'civilians are listed a page at a time and searched by every word of a name; others and other organisations are refused',
    async (t) => {
      const { app } = t.context;
      const root = operatorOf(app.http, app.bootstrapKey);
      const org = await root.organisation();
      const base = `/organisations/${org.organisationId}/civilians`;
      const people = [
        ['Franklin', 'Clinton'],
        ['Frank', 'Castle'],
        ['Lamar', 'Davis'],
      ];
      const made = [];
      for (const [firstName, lastName] of people)
        made.push(expect(await root.post(base, { firstName, lastName, dateOfBirth: '1990-01-01' }), 201));

      const first = expect(await root.get(`${base}?limit=2`), 200);
      t.deepEqual(
        first.items.map((c: { firstName: string }) => c.firstName),
        ['Franklin', 'Frank'],
      );
      t.true(first.hasMore);
      const rest = expect(await root.get(`${base}?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`), 200);
      t.deepEqual(
        rest.items.map((c: { civilianId: string }) => c.civilianId),
        [made[2].civilianId],
      );
      t.false(rest.hasMore);

      const named = async (q: string) =>
        expect(await root.get(`${base}?q=${encodeURIComponent(q)}`), 200).items.map((c: { lastName: string }) => c.lastName);
      t.deepEqual(await named('FRANK'), ['Clinton', 'Castle'], 'a word found in the first names, case aside');
      t.deepEqual(await named('davis lamar'), ['Davis']);
      t.deepEqual(await named('nobody'), []);
      // A cursor of another search is the caller's error.
      t.is((await root.get(`${base}?q=lamar&cursor=${encodeURIComponent(first.nextCursor)}`)).status, 400);

      const { key: rosterOnly } = await org.operatorKey(['roster.manage'], 'roster only');
      t.is((await app.http.get(`/api/v1/admin${base}`, { token: rosterOnly })).status, 403);
      const other = await root.organisation();
      const { key: elsewhere } = await other.operatorKey(['records.manage'], 'another community');
      t.is((await app.http.get(`/api/v1/admin${base}`, { token: elsewhere })).status, 404);
    },
  );

  /** An organisation with a civilian, a vehicle of theirs and a warrant on them, and another organisation with the same. */
  async function twoCommunities(app: TestService) {
    const root = operatorOf(app.http, app.bootstrapKey);
    const make = async () => {
      const org = await root.organisation();
      const base = `/organisations/${org.organisationId}`;
      const civilian = expect(
        await root.post(`${base}/civilians`, { firstName: 'Franklin', lastName: 'Clinton', dateOfBirth: '1988-04-12' }),
        201,
      );
      const buyer = expect(await root.post(`${base}/civilians`, { firstName: 'Lamar', lastName: 'Davis', dateOfBirth: '1987-02-02' }), 201);
      const plate = `FC ${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
      const vehicle = expect(
        await root.post(`${base}/vehicles`, {
          plate,
          make: 'Bravado',
          model: 'Buffalo',
          color: 'green',
          ownerCivilianId: civilian.civilianId,
        }),
        201,
      );
      const warrant = expect(await root.post(`${base}/warrants`, { civilianId: civilian.civilianId, status: 'ACTIVE' }), 201);
      const audit = async (action: string) => expect(await root.get(`${base}/audit?action=${action}`), 200) as Array<Record<string, any>>;
      return { org, base, civilian, buyer, vehicle, warrant, audit };
    };
    return { root, home: await make(), away: await make() };
  }

  test.serial(
    'a civilian is edited (names, date of birth, licence), audited; bad input, another organisation and a key without the permission write nothing',
    async (t) => {
      const { app } = t.context;
      const { root, home, away } = await twoCommunities(app);
      const path = `${home.base}/civilians/${home.civilian.civilianId}`;
      const read = async () => expect(await root.get(`${home.base}/lookup/person?firstName=Franklin&lastName=Clinton`), 200).matches;
      const before = await read();

      for (const body of [{}, { dateOfBirth: '1988-02-30' }, { licenseStatus: '' }, { firstName: 42 }, { dateOfBirth: 'yesterday' }]) {
        const reply = await root.patch(path, body);
        t.deepEqual([reply.status, reply.body.error], [400, 'VALIDATION_FAILED'], JSON.stringify(body));
      }
      const { key: rosterOnly } = await home.org.operatorKey(['roster.manage'], 'roster only');
      const denied = await app.http.patch(`/api/v1/admin${path}`, { licenseStatus: 'SUSPENDED' }, { token: rosterOnly });
      t.deepEqual([denied.status, denied.body.error], [403, 'FORBIDDEN']);
      // Another organisation's civilian under this organisation's path, and this one's with a key of the other.
      t.is((await root.patch(`${home.base}/civilians/${away.civilian.civilianId}`, { licenseStatus: 'SUSPENDED' })).status, 404);
      const { key: elsewhere } = await away.org.operatorKey(['records.manage'], 'another community');
      t.is((await app.http.patch(`/api/v1/admin${path}`, { licenseStatus: 'SUSPENDED' }, { token: elsewhere })).status, 404);
      t.deepEqual(await read(), before, 'nothing written');
      t.deepEqual(await home.audit('civilian.updated'), []);
      t.deepEqual(await away.audit('civilian.updated'), []);

      const edited = expect(await root.patch(path, { licenseStatus: 'SUSPENDED', dateOfBirth: '1988-04-13' }), 200);
      t.like(edited, {
        civilianId: home.civilian.civilianId,
        firstName: 'Franklin',
        dateOfBirth: '1988-04-13',
        licenseStatus: 'SUSPENDED',
      });
      t.like((await read())[0], { dateOfBirth: '1988-04-13', licenseStatus: 'SUSPENDED' }, 'the look-up sees it');
      t.like(expect(await root.patch(path, { firstName: ' Frank ', dateOfBirth: null }), 200), { firstName: 'Frank', dateOfBirth: null });
      // The same again changes nothing and adds no entry.
      expect(await root.patch(path, { firstName: 'Frank' }), 200);
      const entries = await home.audit('civilian.updated');
      t.deepEqual(
        entries.map((e) => [e.subject, e.details]),
        [
          [{ type: 'civilian', id: home.civilian.civilianId }, { fields: ['firstName', 'dateOfBirth'] }],
          [
            { type: 'civilian', id: home.civilian.civilianId },
            { fields: ['dateOfBirth', 'licenseStatus'], licenseStatus: 'SUSPENDED' },
          ],
        ],
      );
      t.deepEqual(
        entries.map((e) => e.subjectLabel),
        ['Frank Clinton', 'Frank Clinton'],
        'each entry names the civilian as they are now called',
      );
    },
  );

  test.serial(
    'vehicles are listed, searched and paged; one is given a new owner and marked stolen, audited, and the plate look-up sees it',
    async (t) => {
      const { app } = t.context;
      const { root, home, away } = await twoCommunities(app);
      const second = expect(await root.post(`${home.base}/vehicles`, { plate: 'MD 45', make: 'Pfister', color: 'Dark Green' }), 201);
      const list = async (query = '') => expect(await root.get(`${home.base}/vehicles${query}`), 200);
      const first = await list('?limit=1');
      t.deepEqual(
        first.items.map((v: { vehicleId: string }) => v.vehicleId),
        [home.vehicle.vehicleId],
      );
      t.true(first.hasMore);
      t.deepEqual(
        (await list(`?limit=1&cursor=${encodeURIComponent(first.nextCursor)}`)).items.map((v: { vehicleId: string }) => v.vehicleId),
        [second.vehicleId],
      );
      const found = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).items.map((v: { plate: string }) => v.plate);
      t.deepEqual(await found('GREEN'), [home.vehicle.plate, 'MD 45']);
      t.deepEqual(await found('md45'), ['MD 45'], 'the plate, spaces aside');
      t.deepEqual(await found('bravado green'), [home.vehicle.plate]);
      t.is(
        (await root.get(`${home.base}/vehicles?q=green&cursor=${encodeURIComponent(first.nextCursor)}`)).status,
        400,
        'a cursor of another search',
      );

      const path = `${home.base}/vehicles/${home.vehicle.vehicleId}`;
      const lookUp = async () =>
        expect(await root.get(`${home.base}/lookup/vehicle?plate=${encodeURIComponent(home.vehicle.plate)}`), 200).vehicle;
      const before = await lookUp();
      for (const body of [{}, { plate: 'NEW 1' }, { ownerCivilianId: 'someone' }, { registrationStatus: '' }, { make: 7 }]) {
        const reply = await root.patch(path, body);
        t.deepEqual([reply.status, reply.body.error], [400, 'VALIDATION_FAILED'], JSON.stringify(body));
      }
      const foreignOwner = await root.patch(path, { ownerCivilianId: away.civilian.civilianId });
      t.deepEqual(
        [foreignOwner.status, foreignOwner.body.details.map((d: { field: string }) => d.field)],
        [400, ['ownerCivilianId']],
        "another organisation's civilian is no owner here",
      );
      t.is((await root.patch(`${home.base}/vehicles/${away.vehicle.vehicleId}`, { color: 'red' })).status, 404);
      const { key: dispatchOnly } = await home.org.operatorKey(['dispatch.manage'], 'dispatch only');
      t.is((await app.http.patch(`/api/v1/admin${path}`, { color: 'red' }, { token: dispatchOnly })).status, 403);
      t.is((await app.http.get(`/api/v1/admin${home.base}/vehicles`, { token: dispatchOnly })).status, 403);
      t.deepEqual(await lookUp(), before, 'nothing written');
      t.deepEqual(await home.audit('vehicle.updated'), []);

      const edited = expect(
        await root.patch(path, { ownerCivilianId: home.buyer.civilianId, registrationStatus: 'STOLEN', model: null }),
        200,
      );
      t.like(edited, {
        plate: home.vehicle.plate,
        make: 'Bravado',
        model: null,
        ownerCivilianId: home.buyer.civilianId,
        registrationStatus: 'STOLEN',
      });
      t.like(await lookUp(), {
        ownerCivilianId: home.buyer.civilianId,
        ownerDisplayName: 'Lamar Davis',
        registrationStatus: 'STOLEN',
        model: null,
      });
      t.like(expect(await root.patch(path, { ownerCivilianId: null }), 200), { ownerCivilianId: null });
      t.deepEqual(
        (await home.audit('vehicle.updated')).map((e) => e.subjectLabel),
        [home.vehicle.plate, home.vehicle.plate],
      );
      t.deepEqual(
        (await home.audit('vehicle.updated')).map((e) => e.details),
        [
          { plate: home.vehicle.plate, fields: ['ownerCivilianId'], ownerCivilianId: null },
          {
            plate: home.vehicle.plate,
            fields: ['model', 'ownerCivilianId', 'registrationStatus'],
            ownerCivilianId: home.buyer.civilianId,
            registrationStatus: 'STOLEN',
          },
        ],
      );
    },
  );

  test.serial(
    'warrants are listed by status; one is served, audited; a served warrant stays served; recalled ones may be active again',
    async (t) => {
      const { app } = t.context;
      const { root, home, away } = await twoCommunities(app);
      const recalled = expect(await root.post(`${home.base}/warrants`, { civilianId: home.buyer.civilianId, status: 'RECALLED' }), 201);
      const list = async (query = '') =>
        expect(await root.get(`${home.base}/warrants${query}`), 200).items.map((w: { warrantId: string }) => w.warrantId);
      t.deepEqual(await list(), [home.warrant.warrantId, recalled.warrantId]);
      t.deepEqual(await list('?status=ACTIVE'), [home.warrant.warrantId]);
      t.deepEqual(await list(`?civilianId=${home.buyer.civilianId}`), [recalled.warrantId]);
      t.is((await root.get(`${home.base}/warrants?status=WANTED`)).status, 400);

      const path = `${home.base}/warrants/${home.warrant.warrantId}`;
      for (const body of [{}, { status: 'CLOSED' }, { description: '' }, { civilianId: away.civilian.civilianId }]) {
        const reply = await root.patch(path, body);
        t.deepEqual([reply.status, reply.body.error], [400, 'VALIDATION_FAILED'], JSON.stringify(body));
      }
      t.is((await root.patch(`${home.base}/warrants/${away.warrant.warrantId}`, { status: 'SERVED' })).status, 404);
      const { key: auditOnly } = await home.org.operatorKey(['audit.view'], 'auditor');
      t.is((await app.http.patch(`/api/v1/admin${path}`, { status: 'SERVED' }, { token: auditOnly })).status, 403);
      t.deepEqual(await list('?status=ACTIVE'), [home.warrant.warrantId], 'nothing written');

      const served = expect(await root.patch(path, { status: 'SERVED', description: 'served at the courthouse' }), 200);
      t.like(served, {
        warrantId: home.warrant.warrantId,
        civilianId: home.civilian.civilianId,
        status: 'SERVED',
        description: 'served at the courthouse',
      });
      t.deepEqual(await list('?status=SERVED'), [home.warrant.warrantId]);
      for (const status of ['ACTIVE', 'RECALLED']) {
        const refused = await root.patch(path, { status });
        t.deepEqual([refused.status, refused.body.error], [409, 'CONFLICT'], status);
      }
      t.like(expect(await root.patch(`${home.base}/warrants/${recalled.warrantId}`, { status: 'ACTIVE' }), 200), { status: 'ACTIVE' });
      t.deepEqual(
        (await home.audit('warrant.updated')).map((e) => [e.subject.id, e.details]),
        [
          [recalled.warrantId, { civilianId: home.buyer.civilianId, from: 'RECALLED', status: 'ACTIVE', fields: ['status'] }],
          [
            home.warrant.warrantId,
            { civilianId: home.civilian.civilianId, from: 'ACTIVE', status: 'SERVED', fields: ['status', 'description'] },
          ],
        ],
      );
      t.deepEqual(
        (await home.audit('warrant.updated')).map((e) => e.subjectLabel),
        ['warrant for Lamar Davis', 'warrant for Franklin Clinton'],
      );
      t.deepEqual(await away.audit('warrant.updated'), []);
    },
  );
}
