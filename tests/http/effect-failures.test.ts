import { Writable } from 'node:stream';
import test from 'ava';
import { pino } from 'pino';
import { bridgeWorld } from '../support/bridge-driver.ts';
import { expect } from '../support/operator-driver.ts';
import { startTestService } from '../support/test-service.ts';

/** Every line the service logs, parsed. */
function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

test('an effect after commit that throws is logged with the request id; the write stands and the caller is answered', async (t) => {
  const log = capturedLog();
  const app = await startTestService({ logger: log.logger });
  t.teardown(() => app.close());
  const world = await bridgeWorld(app, { settings: { mapType: 'game_tiles' } });
  const officer = await world.officer();
  const { callId } = await world.openCall();
  const failure = new Error('subscriber went away');
  app.service.core.waypoints.connect({
    publish: () => {
      throw failure;
    },
  });

  const requestId = 'effect-failure-1';
  const assigned = await app.http.send(
    'POST',
    `/api/v1/admin/calls/${callId}/assignments`,
    { unitId: officer.unitId },
    { token: app.bootstrapKey, headers: { 'x-request-id': requestId } },
  );

  expect(assigned, 201);
  t.like(await world.unit(officer.unitId!), { status: 'EN_ROUTE' });
  const reported = log.lines.filter((line) => line['msg'] === 'an effect after commit failed');
  t.is(reported.length, 1);
  t.like(reported[0], { level: 50, requestId, err: { message: 'subscriber went away' } });
});
