import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import { type BridgeWorld, bridgeWorld, unique } from '../support/bridge-driver.ts';
import type { HttpReply } from '../support/http-client.ts';
import { type ApiClient, apiClientOf, expect, organisationOf } from '../support/operator-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * Cursor pagination of the API's record lists (vehicles, civilians, warrants): walks through
 * several pages while rows are added between page reads, the last page, and every cursor that is
 * not one this list handed out for these filters in this organisation (a 400, never a wrong page).
 */
interface Context {
  app: TestService;
}
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  t.context = { app: await startTestService({ rateLimitScale: 1000 }) };
});
test.after.always((t) => t.context.app?.close());

interface Scene {
  world: BridgeWorld;
  api: ApiClient;
  /** A civilian the filtered walks select on, made when first asked for (the civilians list stays empty until then). */
  owner(): Promise<string>;
}

/** One cursor-paginated list: where it is, how to add a row to it, and a filter that selects some rows. */
interface PagedList {
  readonly name: string;
  readonly path: string;
  readonly idField: string;
  /** Adds a row that every unfiltered walk sees; returns its id. */
  add(scene: Scene): Promise<string>;
  readonly filter: {
    /** The filter as a query string, selecting on the civilian given where it selects on one. */
    query(civilianId: string): string;
    /** Other values of the same filters. */
    otherQuery(civilianId: string): string;
    /** Adds a row the filter selects, or one it does not. */
    matching(scene: Scene): Promise<string>;
    other(scene: Scene): Promise<string>;
  };
}

let plates = 0;
const plate = () => `PG${Date.now().toString(36).slice(-6)}${(plates++).toString(36)}`.toUpperCase().slice(0, 16);

const LISTS: PagedList[] = [
  {
    name: 'vehicles',
    path: '/records/vehicles',
    idField: 'vehicleId',
    add: async ({ world }) => (await world.vehicle({ plate: plate() }))['vehicleId'],
    filter: {
      query: (civilianId) => `registeredOwnerCivilianId=${civilianId}`,
      otherQuery: (civilianId) => `registeredOwnerCivilianId=${civilianId}`,
      matching: async ({ world, owner }) => (await world.vehicle({ plate: plate(), ownerCivilianId: await owner() }))['vehicleId'],
      other: async ({ world }) => (await world.vehicle({ plate: plate() }))['vehicleId'],
    },
  },
  {
    name: 'civilians',
    path: '/records/civilians',
    idField: 'civilianId',
    add: async ({ world }) => (await world.civilian('Page', unique('Walker'), '1990-01-01')).civilianId,
    filter: {
      query: () => 'q=zed%20walker&licenseStatus=SUSPENDED',
      otherQuery: () => 'q=walker&licenseStatus=SUSPENDED',
      matching: async ({ world }) => (await world.civilian('Zed', unique('Walker'), '1990-01-01', 'SUSPENDED')).civilianId,
      other: async ({ world }) => (await world.civilian('Zed', unique('Walker'), '1990-01-01')).civilianId,
    },
  },
  {
    name: 'warrants',
    path: '/records/warrants',
    idField: 'warrantId',
    add: async ({ world, owner }) => (await world.warrant(await owner(), 'SERVED'))['warrantId'],
    filter: {
      query: (civilianId) => `civilianId=${civilianId}&status=ACTIVE`,
      otherQuery: (civilianId) => `civilianId=${civilianId}&status=ACTIVE`,
      matching: async ({ world, owner }) => (await world.warrant(await owner(), 'ACTIVE'))['warrantId'],
      other: async ({ world, owner }) => (await world.warrant(await owner(), 'RECALLED'))['warrantId'],
    },
  },
];

async function scene(app: TestService): Promise<Scene> {
  const world = await bridgeWorld(app);
  const credential = await organisationOf(app.http, app.bootstrapKey, world.organisationId).apiCredential('all', unique('sync-'));
  const api = await apiClientOf(app.http, credential);
  let owner: Promise<string> | undefined;
  return { world, api, owner: () => (owner ??= world.civilian('Zed', 'Owner', '1975-05-05').then((c) => c.civilianId)) };
}

async function times(count: number, make: () => Promise<string>): Promise<string[]> {
  const made: string[] = [];
  for (let i = 0; i < count; i++) made.push(await make());
  return made;
}

const withQuery = (path: string, ...parts: Array<string | undefined>) => {
  const present = parts.filter((p): p is string => p !== undefined && p !== '');
  return present.length === 0 ? path : `${path}?${present.join('&')}`;
};
const cursorParam = (cursor: string | null | undefined) =>
  cursor === null || cursor === undefined ? undefined : `cursor=${encodeURIComponent(cursor)}`;

interface PageBody {
  items: Array<Record<string, unknown>>;
  nextCursor: string | null;
  hasMore: boolean;
}

function page(t: ExecutionContext, reply: HttpReply, note: string): PageBody {
  t.is(reply.status, 200, `${note}: ${JSON.stringify(reply.body)}`);
  const body = reply.body as PageBody;
  t.deepEqual(Object.keys(body).sort(), ['hasMore', 'items', 'nextCursor'], note);
  if (body.hasMore) t.is(typeof body.nextCursor, 'string', `${note}: a page with more after it has a cursor`);
  else t.is(body.nextCursor, null, `${note}: the last page has no cursor`);
  return body;
}

/**
 * Walks the list `limit` rows at a time, calling `between(pageNumber)` after each page that has
 * another after it; returns the ids in the order seen and the page sizes.
 */
async function walk(
  t: ExecutionContext,
  api: ApiClient,
  list: PagedList,
  filter: string | undefined,
  limit: number,
  between: (pageNumber: number) => Promise<void> = async () => undefined,
) {
  const seen: string[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  for (let n = 1; n <= 50; n++) {
    const body = page(t, await api.get(withQuery(list.path, filter, `limit=${limit}`, cursorParam(cursor))), `${list.name} page ${n}`);
    seen.push(...body.items.map((item) => item[list.idField] as string));
    sizes.push(body.items.length);
    if (!body.hasMore) return { seen, sizes };
    cursor = body.nextCursor;
    await between(n);
  }
  t.fail(`${list.name}: the walk did not end`);
  return { seen, sizes };
}

function refusedCursor(t: ExecutionContext, reply: HttpReply, note: string) {
  t.is(reply.status, 400, `${note}: ${JSON.stringify(reply.body)}`);
  t.is(reply.body?.error, 'VALIDATION_FAILED', note);
  t.deepEqual(
    (reply.body?.details ?? []).map((d: { field: string }) => d.field),
    ['cursor'],
    note,
  );
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The same cursor with the digit at `at` changed in its highest bit, which always carries data. */
function edited(cursor: string, at: number): string {
  const index = (at + cursor.length) % cursor.length;
  const flipped = BASE64URL[BASE64URL.indexOf(cursor[index]!) ^ 32]!;
  return `${cursor.slice(0, index)}${flipped}${cursor.slice(index + 1)}`;
}

for (const list of LISTS) {
  test(`${list.name}: 25 rows, 10 a page, rows added between page reads: every row once, in creation order, the new ones at the end`, async (t) => {
    const s = await scene(t.context.app);
    const before = await times(25, () => list.add(s));
    const added: string[] = [];
    const { seen, sizes } = await walk(t, s.api, list, undefined, 10, async (n) => {
      if (n <= 2) added.push(await list.add(s), await list.add(s));
    });
    t.deepEqual(seen, [...before, ...added], 'each row exactly once, oldest first, the added ones last');
    t.is(new Set(seen).size, seen.length);
    t.deepEqual(sizes, [10, 10, 9], '25 rows and 4 added: two full pages and a last one of 9');
    // A new walk sees the same, and one page holds them all.
    const whole = page(t, await s.api.get(withQuery(list.path, 'limit=100')), 'one page');
    t.deepEqual(
      whole.items.map((i) => i[list.idField]),
      seen,
    );
    t.deepEqual([whole.nextCursor, whole.hasMore], [null, false]);
  });

  test(`${list.name}: a filtered walk sees only its rows, each once, the ones added during the walk at the end`, async (t) => {
    const s = await scene(t.context.app);
    const matching: string[] = [];
    for (let i = 0; i < 12; i++) {
      matching.push(await list.filter.matching(s));
      await list.filter.other(s);
    }
    const added: string[] = [];
    const { seen, sizes } = await walk(t, s.api, list, list.filter.query(await s.owner()), 5, async (n) => {
      if (n === 1) {
        await list.filter.other(s);
        added.push(await list.filter.matching(s));
      }
    });
    t.deepEqual(seen, [...matching, ...added]);
    t.deepEqual(sizes, [5, 5, 3]);
  });

  test(`${list.name}: a last page that is exactly full says it is the last; the same cursor read twice gives the same page`, async (t) => {
    const s = await scene(t.context.app);
    const rows = await times(20, () => list.add(s));
    const first = page(t, await s.api.get(withQuery(list.path, 'limit=10')), 'first');
    t.true(first.hasMore);
    const second = page(t, await s.api.get(withQuery(list.path, 'limit=10', cursorParam(first.nextCursor))), 'second');
    t.deepEqual(
      second.items.map((i) => i[list.idField]),
      rows.slice(10),
    );
    t.deepEqual([second.nextCursor, second.hasMore], [null, false]);
    const again = page(t, await s.api.get(withQuery(list.path, 'limit=10', cursorParam(first.nextCursor))), 'again');
    t.deepEqual(again.items, second.items);
    const empty = page(t, await (await scene(t.context.app)).api.get(list.path), 'an empty list');
    t.deepEqual(empty, { items: [], nextCursor: null, hasMore: false });
  });

  test(`${list.name}: an edited, truncated, extended or made-up cursor is a 400 naming cursor, and never a page`, async (t) => {
    const s = await scene(t.context.app);
    await times(3, () => list.add(s));
    const first = page(t, await s.api.get(withQuery(list.path, 'limit=1')), 'first');
    const cursor = first.nextCursor!;
    t.is(typeof cursor, 'string');
    const bad: Array<[string, string]> = [
      ['edited in the middle', edited(cursor, Math.floor(cursor.length / 2))],
      ['edited at the start', edited(cursor, 0)],
      ['edited at the end', edited(cursor, -1)],
      ['truncated', cursor.slice(0, -4)],
      ['cut in half', cursor.slice(0, Math.floor(cursor.length / 2))],
      ['extended', `${cursor}AAAA`],
      ['made up', 'eyJhZnRlciI6IjAxOTBhNWI2LTAwMDAtNzAwMC04MDAwLTAwMDAwMDAwMDAwMCJ9'],
      ['a raw id', first.items[0]![list.idField] as string],
      ['garbage', '!!not-a-cursor!!'],
    ];
    for (const [what, value] of bad) {
      refusedCursor(t, await s.api.get(withQuery(list.path, 'limit=1', cursorParam(value))), what);
    }
    const emptyCursor = await s.api.get(`${list.path}?cursor=`);
    t.is(emptyCursor.status, 400, 'an empty cursor');
  });

  test(`${list.name}: a cursor of another list, of other filters or of another organisation is a 400 naming cursor`, async (t) => {
    const s = await scene(t.context.app);
    // Rows in every list, with and without the filter, so that every walk below has a next page.
    for (const any of LISTS) {
      await times(2, () => any.add(s));
      await times(2, () => any.filter.matching(s));
    }
    const cursorOf = async (of: PagedList, filter?: string) =>
      page(t, await s.api.get(withQuery(of.path, filter, 'limit=1')), `${of.name} ${filter ?? ''}`).nextCursor!;
    for (const other of LISTS.filter((l) => l !== list)) {
      const foreign = await cursorOf(other);
      refusedCursor(t, await s.api.get(withQuery(list.path, 'limit=1', cursorParam(foreign))), `a cursor of ${other.name}`);
    }
    const owner = await s.owner();
    const filtered = await cursorOf(list, list.filter.query(owner));
    const unfiltered = await cursorOf(list);
    refusedCursor(t, await s.api.get(withQuery(list.path, 'limit=1', cursorParam(filtered))), 'a filtered cursor without the filter');
    refusedCursor(
      t,
      await s.api.get(withQuery(list.path, list.filter.query(owner), 'limit=1', cursorParam(unfiltered))),
      'an unfiltered cursor with a filter',
    );
    const { civilianId: otherCivilian } = await s.world.civilian('Zed', 'Walker', '1999-09-09');
    refusedCursor(
      t,
      await s.api.get(withQuery(list.path, list.filter.otherQuery(otherCivilian), 'limit=1', cursorParam(filtered))),
      'a cursor of other filter values',
    );
    const parts = list.filter.query(owner).split('&');
    if (parts.length > 1) {
      refusedCursor(
        t,
        await s.api.get(withQuery(list.path, parts[0], 'limit=1', cursorParam(filtered))),
        'a cursor with a filter left out',
      );
    }
    // The same filters in another order are the same filters.
    const reordered = list.filter.query(owner).split('&').reverse().join('&');
    const continued = await s.api.get(withQuery(list.path, reordered, 'limit=1', cursorParam(filtered)));
    t.is(continued.status, 200, `the same filters in another order: ${JSON.stringify(continued.body)}`);
    // Another organisation's credential, on the same list with the same (empty) filters.
    const away = await scene(t.context.app);
    await times(2, () => list.add(away));
    refusedCursor(t, await away.api.get(withQuery(list.path, 'limit=1', cursorParam(unfiltered))), 'a cursor of another organisation');
    // ... while the cursor still works where it came from.
    t.is((await s.api.get(withQuery(list.path, 'limit=1', cursorParam(unfiltered)))).status, 200);
  });
}

test('a cursor survives a change of limit between pages', async (t) => {
  const s = await scene(t.context.app);
  const list = LISTS[0]!;
  const rows = await times(12, () => list.add(s));
  const first = page(t, await s.api.get(withQuery(list.path, 'limit=4')), 'first');
  const rest = page(t, await s.api.get(withQuery(list.path, 'limit=50', cursorParam(first.nextCursor))), 'rest');
  t.deepEqual(
    [...first.items, ...rest.items].map((i) => i[list.idField]),
    rows,
  );
  expect(await s.api.get(list.path), 200);
});
