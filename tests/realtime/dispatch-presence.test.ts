import test from 'ava';
import { bridgeWorld, freshIdentifiers, unique } from '../support/bridge-driver.ts';
import { type BoardClient, boardClient } from '../support/dispatch-board.ts';
import { expect, organisationOf } from '../support/operator-driver.ts';
import { realtimeOnHttpPort } from '../support/http-engine.ts';
import { type TestService, startTestService } from '../support/test-service.ts';

/**
 * What a board learns of its units' players (decision 0121): each unit's presence claim in the
 * snapshot, and every `/presence` renewal after its commit, so that a claim left to lapse shows.
 * The channel's own behaviour is the same on both engines (dispatch-channel.test.ts runs both).
 */

let app: TestService;
const boards: BoardClient[] = [];
test.before(async () => {
  app = await startTestService({ realtime: realtimeOnHttpPort, rateLimitScale: 1000 });
});
test.after.always(async () => {
  for (const board of boards) board.close();
  await app?.close();
});

test('a board hears each /presence renewal of its units’ players, and a board that connects later reads the claim', async (t) => {
  const world = await bridgeWorld(app, { settings: { mapType: 'game_tiles' } });
  const character = await world.character('Officer', unique('Unit'));
  const { unitId } = await world.member(character.characterId, world.departmentId, unique('1-A-'));
  const identifiers = await world.link(character.characterId, freshIdentifiers());
  await world.goOnDuty({ identifiers });
  const { key } = await organisationOf(app.http, app.bootstrapKey, world.organisationId).operatorKey(['dispatch.view'], 'watch');
  const watch = () => {
    const board = boardClient(app.service.realtime!.url, { key, organisationId: world.organisationId });
    boards.push(board);
    return board;
  };

  const before = watch();
  const first = await before.next('snapshot', (e) => e.type === 'snapshot');
  const unit = first.units.find((u: any) => u.unitId === unitId);
  t.like(unit, { characterId: character.characterId, presence: null });

  // An unlinked player in the same heartbeat is skipped, as ever, and told to nobody.
  expect(await world.desk.post('/presence', { identifiers: [identifiers, freshIdentifiers()] }), 200);
  const renewed = await before.next('presence', (e) => e.type === 'presence');
  t.is(renewed.claims.length, 1);
  const [claim] = renewed.claims;
  t.is(claim.characterId, character.characterId);
  t.is(Date.parse(claim.expiresAt) - Date.parse(claim.renewedAt), 60_000, 'a claim lapses a minute after its renewal');

  const after = watch();
  const second = await after.next('snapshot', (e) => e.type === 'snapshot');
  t.deepEqual(second.units.find((u: any) => u.unitId === unitId).presence, claim);

  // A heartbeat that renews nobody tells nobody.
  expect(await world.desk.post('/presence', { identifiers: [freshIdentifiers()] }), 200);
  expect(await world.desk.post('/presence', { identifiers: [identifiers] }), 200);
  await after.next('the next renewal', (e) => e.type === 'presence');
  t.is(after.events.filter((e) => e.type === 'presence').length, 1);
});
