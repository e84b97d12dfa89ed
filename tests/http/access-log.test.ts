import { Writable } from 'node:stream';
import test from 'ava';
import { pino } from 'pino';
import { bridgeWorld } from '../support/bridge-driver.ts';
import { expect } from '../support/operator-driver.ts';
import { startTestService } from '../support/test-service.ts';

/**
 * The access log on a busy server (issue 33, point 12; decision 0111): the heartbeats' successes are
 * summed up per route once a period, their failures and every other request keep a line each;
 * `every` writes every line. Through the composed service, its real logger writing JSON lines.
 */

type Line = Record<string, any>;

function capture() {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n')) if (text.trim() !== '') lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

const LOCATION = '/api/v1/integrations/game/location';
const PERIOD_MS = 400;

async function shift(mode: 'summary' | 'every') {
  const log = capture();
  const app = await startTestService({ logger: log.logger, accessLog: { mode, periodMs: PERIOD_MS } });
  const world = await bridgeWorld(app);
  const officer = await world.officer();
  const heartbeat = { identifiers: officer.identifiers, mapX: 5, mapY: 5 };
  for (let i = 0; i < 5; i++) expect(await app.http.post(LOCATION, heartbeat, { token: world.desk.token }), 200);
  expect(await app.http.post(LOCATION, { ...heartbeat, mapX: 'here' }, { token: world.desk.token }), 400);
  expect(await app.http.get('/healthz'), 200);
  return { app, log };
}

const requestLines = (lines: Line[], path: string) => lines.filter((l) => l['msg'] === 'request' && l['path'] === path);

test('summary (the default): five heartbeats make one line per period, the refused one its own line, other routes theirs', async (t) => {
  const { app, log } = await shift('summary');
  t.teardown(() => app.close());
  const deadline = Date.now() + 5_000;
  while (!log.lines.some((l) => l['msg'] === 'requests summarised' && l['route'] === LOCATION) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  t.deepEqual(
    requestLines(log.lines, LOCATION).map((l) => l['status']),
    [400],
    'only the failure has a line of its own',
  );
  t.true(requestLines(log.lines, '/api/v1/integrations/game/token').length >= 1, 'other routes keep a line each');
  const sums = log.lines.filter((l) => l['msg'] === 'requests summarised');
  const location = sums.filter((l) => l['route'] === LOCATION);
  t.is(location.length, 1);
  t.like(location[0], { requests: 5, statuses: { '200': 5 }, periodS: PERIOD_MS / 1000 });
  t.true(location[0]!['msMax'] >= location[0]!['msMean'] && location[0]!['msMean'] > 0);
  t.like(
    sums.find((l) => l['route'] === '/healthz'),
    { requests: 1, statuses: { '200': 1 } },
  );
  t.deepEqual(requestLines(log.lines, '/healthz'), []);
  // A quiet period writes nothing more.
  const before = log.lines.length;
  await new Promise((resolve) => setTimeout(resolve, PERIOD_MS * 2.5));
  t.is(log.lines.filter((l, i) => i >= before && l['msg'] === 'requests summarised').length, 0);
});

test('every: each heartbeat has its own line, and nothing is summed', async (t) => {
  const { app, log } = await shift('every');
  t.teardown(() => app.close());
  await new Promise((resolve) => setTimeout(resolve, PERIOD_MS * 1.5));
  t.deepEqual(
    requestLines(log.lines, LOCATION).map((l) => l['status']),
    [200, 200, 200, 200, 200, 400],
  );
  t.is(requestLines(log.lines, '/healthz').length, 1);
  t.false(log.lines.some((l) => l['msg'] === 'requests summarised'));
});
