/**
 * Writers of notes hold a call together on PostgreSQL (decision 0149): a writer that got the call
 * with `getForNote` and has not committed holds up no other writer of notes, but a change of the
 * call (`getForUpdate`) waits for it, and a writer of notes waits for a change in progress, then
 * reads the call's fields as that change left it (without its stored notes, decision 0151).
 */
import anyTest, { type TestFn } from 'ava';
import { setTimeout as delay } from 'node:timers/promises';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import type { Persistence } from '../../application/ports/persistence.ts';
import { Call } from '../../domain/call/call.ts';
import type { Department } from '../../domain/organisation/department.ts';
import type { CallId, TimelineEventId } from '../../domain/shared/ids.ts';
import { NOW, fixtures, ids } from '../support/persistence-fixtures.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';

const test = anyTest as TestFn<{ store: Persistence; department: Department }>;
/** The store of the suite, for the helpers below. */
let storeOf: Persistence;

/** Long enough for a writer that waits on a lock to be seen waiting; not a speed bound. */
const PATIENCE_MS = 3_000;
const author = { kind: 'unit', id: '0190a0b0-0000-7000-8000-000000000001', label: '1-ADAM-12' } as const;

whenPostgres(test, 'notes written on a shared lock on PostgreSQL', (url) => {
  const schema = freshSchemaName('notes_shared');
  test.before(async (t) => {
    const store = await openMikroOrmPersistence({ kind: 'postgres', url, schema });
    storeOf = store;
    const f = fixtures(store);
    t.context = { store, department: await f.department((await f.organisation()).id) };
  });
  test.after.always(async (t) => {
    await t.context.store?.close();
    await dropSchema(url, schema);
  });

  async function newCall(department: Department) {
    const call = Call.open(
      {
        id: ids.next<CallId>(),
        organisationId: department.organisationId,
        departmentId: department.id,
        number: `C-26-${ids.next().slice(-6)}`,
        origin: 'emergency_911',
        description: 'pursuit',
        location: null,
      },
      NOW,
    );
    await storeOf.calls.save(call);
    return call;
  }

  /** A unit of work that reads the call one way, then stays open until `end` is called. */
  function openWriter(store: Persistence, read: () => Promise<Call | null>, write: (call: Call) => Promise<void>) {
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    let gotIt!: () => void;
    const holding = new Promise<void>((resolve) => (gotIt = resolve));
    const done = store.uow.run(async () => {
      const call = (await read())!;
      gotIt();
      await ended;
      await write(call);
    });
    return { holding, end, done };
  }
  const note = (text: string) => async (call: Call) => {
    call.addNote({ eventId: ids.next<TimelineEventId>(), text, author }, NOW);
    await storeOf.calls.appendNotes(call);
  };
  const still = <T>(work: Promise<T>) => Promise.race([work, delay(PATIENCE_MS).then(() => 'still waiting' as const)]);

  test.serial('a writer of notes holding the call holds no other writer of notes up', async (t) => {
    const { store, department } = t.context;
    const call = await newCall(department);
    const first = openWriter(store, () => store.calls.getForNote(call.id), note('first'));
    await first.holding;
    const second = store.uow.run(async () => note('second')((await store.calls.getForNote(call.id))!));
    t.is(await still(second), undefined, 'the second writer committed while the first was still open');
    first.end();
    await first.done;
    t.deepEqual(
      (await store.calls.get(call.id))!.snapshot().notes.map((n) => n.text),
      ['second', 'first'],
    );
  });

  test.serial(
    'a change of the call waits for a writer of notes; a writer of notes waits for a change and reads the call as it left it',
    async (t) => {
      const { store, department } = t.context;
      const call = await newCall(department);
      const writer = openWriter(store, () => store.calls.getForNote(call.id), note('en route'));
      await writer.holding;
      const close = store.uow.run(async () => {
        const locked = (await store.calls.getForUpdate(call.id))!;
        locked.close([], NOW);
        await store.calls.save(locked);
      });
      t.is(await still(close), 'still waiting', 'the change waits for the writer of notes');
      writer.end();
      await writer.done;
      await close;

      const changing = openWriter(
        store,
        () => store.calls.getForUpdate(call.id),
        async (locked) => {
          locked.setStatusByApi('ACTIVE', NOW);
          locked.addNote({ eventId: ids.next<TimelineEventId>(), text: 'reopened', author }, NOW);
          await store.calls.save(locked);
        },
      );
      await changing.holding;
      const seen = store.uow.run(() => store.calls.getForNote(call.id));
      t.is(await still(seen), 'still waiting', 'the writer of notes waits for the change');
      changing.end();
      await changing.done;
      const read = (await seen)!.snapshot();
      t.is(read.status, 'ACTIVE', 'the change as it committed');
      t.deepEqual(read.notes, [], 'a writer of notes reads none of the stored ones (decision 0151)');
      t.deepEqual(
        (await store.calls.get(call.id))!.snapshot().notes.map((n) => n.text),
        ['en route', 'reopened'],
      );
    },
  );
});
