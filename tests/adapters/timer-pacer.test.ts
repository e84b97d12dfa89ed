import test from 'ava';
import { TimerPacer } from '../../adapters/system/timer-pacer.ts';
import { createCadCore } from '../../composition/core.ts';

/** A promise we settle by hand, and whether it has settled. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}
const turn = () => new Promise((resolve) => setImmediate(resolve));

function track<T>(promise: Promise<T>) {
  const state = { settled: false };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

test('the floor starts before the work; quick work still waits for the floor', async (t) => {
  const events: string[] = [];
  const floor = deferred();
  const pacer = new TimerPacer((ms) => (events.push(`floor ${ms}`), floor.promise));
  const paced = pacer.pace(25, async () => (events.push('work'), 'answer'));
  const state = track(paced);
  await turn();
  t.deepEqual(events, ['floor 25', 'work']);
  t.false(state.settled, 'the work is done but the floor is not');
  floor.resolve();
  t.is(await paced, 'answer');
});

test('slow work is answered when it is done, the floor having passed already', async (t) => {
  const floor = deferred();
  const work = deferred<string>();
  const paced = new TimerPacer(() => floor.promise).pace(25, () => work.promise);
  const state = track(paced);
  floor.resolve();
  await turn();
  t.false(state.settled, 'the floor is over but the work is not');
  work.resolve('late');
  t.is(await paced, 'late');
});

test('work that fails still waits out the floor before failing', async (t) => {
  const floor = deferred();
  const paced = new TimerPacer(() => floor.promise).pace(25, async () => Promise.reject(new Error('store down')));
  const state = track(paced);
  await turn();
  t.false(state.settled);
  floor.resolve();
  await t.throwsAsync(paced, { message: 'store down' });
});

test('a floor of zero does not wait at all', async (t) => {
  const waits: number[] = [];
  const paced = new TimerPacer(async (ms) => waits.push(ms)).pace(0, async () => 'now');
  t.is(await paced, 'now');
  t.deepEqual(waits, []);
});

test('the composed token exchange paces every answer with the 25 ms default floor', async (t) => {
  const floors: number[] = [];
  const core = await createCadCore({ storage: { kind: 'memory' }, pacer: { pace: (floorMs, work) => (floors.push(floorMs), work()) } });
  t.teardown(() => core.close());
  await core.useCases.exchangeToken.execute({ clientId: 'nobody', clientSecret: 'x', kind: 'game' });
  await core.useCases.exchangeToken.execute({
    clientId: '0190a5b6-0000-7000-8000-000000000000',
    clientSecret: 'x',
    kind: 'generic_api_key',
  });
  t.deepEqual(floors, [25, 25]);
});
