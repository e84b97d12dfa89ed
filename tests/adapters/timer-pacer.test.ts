import test from 'ava';
import { TimerPacer } from '../../adapters/system/timer-pacer.ts';

/** A wait we end by hand, recording what it was asked for and when. */
function manualWait(events: string[]) {
  let end = () => undefined as void;
  const wait = (ms: number) => {
    events.push(`wait ${ms}`);
    return new Promise<void>((resolve) => (end = resolve));
  };
  return { wait, end: () => end() };
}

test('the floor starts before the work, and the answer waits for both', async (t) => {
  const events: string[] = [];
  const { wait, end } = manualWait(events);
  let settled = false;
  const paced = new TimerPacer(wait)
    .pace(25, async () => {
      events.push('work');
      return 'answer';
    })
    .then((value) => ((settled = true), value));
  await new Promise((resolve) => setImmediate(resolve));
  t.deepEqual(events, ['wait 25', 'work']);
  t.false(settled, 'the work is done but the floor is not');
  end();
  t.is(await paced, 'answer');
});

test('work that fails still waits out the floor before failing', async (t) => {
  const events: string[] = [];
  const { wait, end } = manualWait(events);
  let settled = false;
  const paced = new TimerPacer(wait).pace(25, async () => Promise.reject(new Error('store down')));
  paced.catch(() => (settled = true));
  await new Promise((resolve) => setImmediate(resolve));
  t.false(settled);
  end();
  await t.throwsAsync(paced, { message: 'store down' });
});

test('work slower than the floor is answered as soon as it is done', async (t) => {
  const paced = new TimerPacer(async () => undefined).pace(25, async () => 'late');
  t.is(await paced, 'late');
});
