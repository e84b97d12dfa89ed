/**
 * Record numbers are issued outside the writer's transaction on PostgreSQL (decision 0146): a
 * writer that has taken its number and not yet committed holds nobody up, and a number taken by a
 * write that rolls back is never handed out again. With the series held until commit (`next`, the
 * waypoint sequence's way) the second writer waits for the first, which the last test shows.
 */
import anyTest, { type TestFn } from 'ava';
import { setTimeout as delay } from 'node:timers/promises';
import type { Persistence } from '../../application/ports/persistence.ts';
import { openMikroOrmPersistence } from '../../adapters/persistence-mikro-orm/mikro-orm-persistence.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { fixtures } from '../support/persistence-fixtures.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';

const test = anyTest as TestFn<{ store: Persistence; organisation: OrganisationId }>;

/** Long enough for a writer that waits on a lock to be seen waiting; not a speed bound. */
const PATIENCE_MS = 3_000;

whenPostgres(test, 'record numbers issued on PostgreSQL', (url) => {
  const schema = freshSchemaName('issued_numbers');
  test.before(async (t) => {
    const store = await openMikroOrmPersistence({ kind: 'postgres', url, schema });
    t.context = { store, organisation: (await fixtures(store).organisation()).id };
  });
  test.after.always(async (t) => {
    await t.context.store?.close();
    await dropSchema(url, schema);
  });

  /** A unit of work that takes a number one way, then stays open until `end` is called. */
  function openWriter(store: Persistence, take: () => Promise<number>) {
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    let taken!: (n: number) => void;
    const number = new Promise<number>((resolve) => (taken = resolve));
    const done = store.uow.run(async () => {
      taken(await take());
      await ended;
    });
    return { number, end, done };
  }

  test.serial('a writer that issued its number and has not committed holds no other writer up', async (t) => {
    const { store, organisation } = t.context;
    const issue = () => store.recordNumbers.issue(organisation, 'call:2026');
    const first = openWriter(store, issue);
    const firstNumber = await first.number;
    const second = store.uow.run(issue);
    const outcome = await Promise.race([second, delay(PATIENCE_MS).then(() => 'still waiting' as const)]);
    first.end();
    await first.done;
    t.is(outcome, firstNumber + 1, 'the second writer took the next number while the first was still open');
  });

  test.serial('a number issued to a write that rolled back is not handed out again', async (t) => {
    const { store, organisation } = t.context;
    const issue = () => store.recordNumbers.issue(organisation, 'arrest:2026');
    const before = await issue();
    await t.throwsAsync(
      store.uow.run(async () => {
        await issue();
        throw new Error('booking failed');
      }),
      { message: 'booking failed' },
    );
    t.is(await issue(), before + 2, 'the rolled-back number stays a gap');
  });

  test.serial('a held series (`next`) makes the second writer wait for the first to commit', async (t) => {
    const { store, organisation } = t.context;
    const next = () => store.recordNumbers.next(organisation, 'waypoint:department');
    const first = openWriter(store, next);
    const firstNumber = await first.number;
    const second = store.uow.run(next);
    const outcome = await Promise.race([second, delay(PATIENCE_MS).then(() => 'still waiting' as const)]);
    t.is(outcome, 'still waiting');
    first.end();
    await first.done;
    t.is(await second, firstNumber + 1);
  });
});
