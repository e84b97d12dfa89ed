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
}
