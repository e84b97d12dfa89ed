/**
 * Positions are a stream, never state: with a dispatch board watching, a `/location` heartbeat out
 * of the arrival radius still sends exactly one statement to PostgreSQL (the gate's read), writes
 * nothing, and its position reaches the board through the channel.
 */
import anyTest, { type TestFn } from 'ava';
import { bridgeWorld, freshIdentifiers, unique } from '../support/bridge-driver.ts';
import { type BoardClient, boardClient, positionsOf } from '../support/dispatch-board.ts';
import { expect, organisationOf } from '../support/operator-driver.ts';
import { dropSchema, freshSchemaName, whenPostgres } from '../support/postgres.ts';
import { type StatementCounter, attachStatementCounter } from '../support/statement-counter.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

interface Context {
  readonly app: TestService;
  readonly counter: StatementCounter;
  board?: BoardClient;
}
const test = anyTest as TestFn<Context>;

whenPostgres(test, 'the position broadcast on PostgreSQL', (url) => {
  const schema = freshSchemaName('positions');

  test.before(async (t) => {
    const counter = attachStatementCounter();
    const app = await startTestService({ storage: { kind: 'postgres', url, schema }, realtime: 'node', rateLimitScale: 1000 });
    t.context = { app, counter };
  });
  test.after.always(async (t) => {
    t.context.board?.close();
    t.context.counter?.detach();
    await t.context.app?.close();
    await dropSchema(url, schema);
  });

  test.serial('a heartbeat out of radius is one statement, writes nothing, and moves the unit on a watching board', async (t) => {
    const { app, counter } = t.context;
    const world = await bridgeWorld(app, { settings: { mapType: 'game_tiles' } });
    const character = await world.character('Officer', unique('Unit'));
    const { unitId } = await world.member(character.characterId, world.departmentId, unique('2-B-'));
    const identifiers = await world.link(character.characterId, freshIdentifiers());
    await world.goOnDuty({ identifiers });
    // On a call pinned far away: the heartbeat is judged against the pin, and is out of range.
    const call = world.openCall(world.departmentId, { mapX: 5000, mapY: 5000 });
    expect(await world.admin('POST', `/calls/${(await call).callId}/assignments`, { unitId }), 201);
    const { key } = await organisationOf(app.http, app.bootstrapKey, world.organisationId).operatorKey(['dispatch.manage'], unique('d-'));
    const board = (t.context.board = boardClient(app.service.realtime!.url, { key, organisationId: world.organisationId }));
    await board.next('snapshot', (e) => e.type === 'snapshot');

    for (const [mapX, mapY] of [
      [1, 2],
      [3, 4],
    ] as const) {
      counter.start();
      const reply = await world.desk.post('/location', { identifiers, mapX, mapY });
      await board.next(`the position ${mapX}`, (e) => positionsOf([e], unitId).some((p) => p.mapX === mapX));
      const tally = counter.stop();
      t.deepEqual(reply.body, { reported: true });
      t.is(tally.total, 1, tally.statements.join('\n'));
      t.is(tally.transactions, 0);
      t.regex(tally.statements[0]!, /^\s*select/i);
    }
  });
});
