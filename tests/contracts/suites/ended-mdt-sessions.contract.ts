import { randomUUID } from 'node:crypto';
import { NOW } from '../../support/persistence-fixtures.ts';
import type { ContractTest } from './contract-test.ts';

const at = (ms: number) => new Date(NOW.getTime() + ms);
const HOUR = 3600 * 1000;

/** The signed-out MDT sessions (decision 0108): listed once, read by id, forgotten once expired. */
export function endedMdtSessionsContract(test: ContractTest) {
  test('ended MDT sessions: a session is listed once, read by id, and forgotten only once it has expired', async (t) => {
    const { store } = t.context;
    const sessions = store.endedMdtSessions;
    const [early, late, never] = [randomUUID(), randomUUID(), randomUUID()];
    t.true(await store.uow.run(() => sessions.end(early, at(HOUR))));
    t.true(await store.uow.run(() => sessions.end(late, at(4 * HOUR))));
    t.false(await store.uow.run(() => sessions.end(early, at(HOUR))), 'a second sign-out changes nothing');
    t.true(await sessions.isEnded(early));
    t.true(await sessions.isEnded(late));
    t.false(await sessions.isEnded(never));
    // Expiries are shared by other tests' entries on this store: purge only what precedes these.
    t.is(await store.uow.run(() => sessions.purge(at(HOUR), 0)), 0, 'a limit of none forgets none');
    await store.uow.run(() => sessions.purge(at(HOUR), 1000));
    t.false(await sessions.isEnded(early), 'expired: forgotten');
    t.true(await sessions.isEnded(late), 'still usable: kept');
  });

  test('ended MDT sessions: an end that rolls back lists nothing', async (t) => {
    const { store } = t.context;
    const id = randomUUID();
    await t.throwsAsync(
      store.uow.run(async () => {
        await store.endedMdtSessions.end(id, at(HOUR));
        throw new Error('rolled back');
      }),
    );
    t.false(await store.endedMdtSessions.isEnded(id));
  });
}
