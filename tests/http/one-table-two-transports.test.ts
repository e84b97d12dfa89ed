import test from 'ava';
import { ROUTES } from '../../adapters/http/routes/index.ts';
import { point } from '../../adapters/http/routes/bridge/body-fields.ts';
import { bridgeRoute } from '../../adapters/http/routes/bridge/bridge-route.ts';
import { BRIDGE, bridgeWorld, freshIdentifiers } from '../support/bridge-driver.ts';
import { testHttpEngine } from '../support/http-engine.ts';
import { startTestService } from '../support/test-service.ts';

/**
 * A row added to the route table is served by whichever transport runs it, with nothing changed in
 * either mount: the sample row of docs/architecture.md ("One pipeline, two transports"), with its
 * guard, budget, body, validation, use case, flagged answer and OpenAPI entry. `npm test` runs this
 * file on Koa and again on uWebSockets.js (CAD_TEST_HTTP_ENGINE).
 */
const radioCheck = bridgeRoute('reportLocation', {
  operationId: 'bridgeRadioCheck',
  summary: 'The officer’s radio check: a heartbeat under another name.',
  request: { path: '/radio-check', rate: ['radio-check', 60], fields: point },
  answer: { flag: 'reported', carries: [], refusals: ['not_linked', 'not_on_duty'] },
});

test(`a row added to the table is served, guarded, limited, validated and documented on the ${testHttpEngine} transport`, async (t) => {
  const app = await startTestService({ routes: [...ROUTES, radioCheck] });
  t.teardown(() => app.close());
  const world = await bridgeWorld(app);
  const officer = await world.officer();

  const heard = await world.desk.post('/radio-check', { identifiers: officer.identifiers, mapX: 10, mapY: 20 });
  t.is(heard.status, 200);
  t.deepEqual(heard.body, { reported: true });
  t.is(heard.headers.get('ratelimit-limit'), '60', 'its own budget');

  const stranger = await world.desk.post('/radio-check', { identifiers: freshIdentifiers(), mapX: 10, mapY: 20 });
  t.deepEqual(stranger.body, { reported: false, reason: 'not_linked' });

  const unsigned = await app.http.post(`${BRIDGE}/radio-check`, { identifiers: officer.identifiers, mapX: 1, mapY: 2 });
  t.is(unsigned.status, 401);
  t.is(unsigned.body.error, 'UNAUTHORIZED');

  const bad = await world.desk.post('/radio-check', { identifiers: officer.identifiers, mapX: 'north', mapY: 2 });
  t.is(bad.status, 400);
  t.is(bad.body.error, 'VALIDATION_FAILED');

  const read = await app.http.get(`${BRIDGE}/radio-check`, { token: world.desk.token });
  t.is(read.status, 405);
  t.is(read.headers.get('allow'), 'POST');

  const document = (await app.http.get('/api/v1/openapi.json')).body;
  t.is(document.paths[`${BRIDGE}/radio-check`]?.post?.operationId, 'bridgeRadioCheck');
});

test(`without the row, the same path is a 404 on the ${testHttpEngine} transport`, async (t) => {
  const app = await startTestService();
  t.teardown(() => app.close());
  const reply = await app.http.post(`${BRIDGE}/radio-check`, {});
  t.is(reply.status, 404);
  t.is(reply.body.error, 'NOT_FOUND');
});
