import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import anyTest, { type TestFn } from 'ava';
import { expect } from '../support/operator-driver.ts';
import { MDT } from '../support/mdt-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';
import { type BridgeWorld, bridgeWorld, unique } from '../support/bridge-driver.ts';
import { assign, builtResource, communityOn, until } from './fxserver/community.ts';
import { type FakePlayer, FxServer, serverCfg } from './fxserver/fxserver.ts';
import { LOCATION_ROUTE, answeredCount } from './fxserver/service-metrics.ts';

const PAIRING = '/api/v1/auth/mdt-pairing';
const COLLECT = '/api/v1/auth/mdt-handoff/session';

/**
 * The resource where a real FXServer differs from what the resource was first written against:
 * old server builds, OneSync off, players still loading or changing peds, the console's
 * tokenizer, command names taken by other resources, exports called before the resource is
 * configured or from Lua, the game's prompt before it opens a link, the chat's colour codes,
 * `license2:`, and the player's own waypoint. The emulation (tests/clients/fxserver/) follows the
 * CitizenFX sources it cites; every check reads what a player, another resource or the service sees.
 */

interface Context {
  app: TestService;
  resourceDir: string;
  remove(): void;
  servers: FxServer[];
}
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  const app = await startTestService({ realtime: 'node', rateLimitScale: 100, metrics: { port: 0, host: '127.0.0.1' } });
  const built = await builtResource();
  t.context = { app, resourceDir: built.dir, remove: built.remove, servers: [] };
});

test.afterEach.always((t) => {
  for (const fx of t.context.servers.splice(0)) fx.stop();
});

test.after.always(async (t) => {
  await t.context.app?.close();
  t.context.remove?.();
});

/** A community with `count` officers linked and on duty through the game, on a current server with OneSync. */
async function community(t: { context: Context }, count = 1, convars: Record<string, string> = {}) {
  const made = await communityOn(t.context.app, t.context.resourceDir, count, { convars });
  t.context.servers.push(made.fx);
  return made;
}

/** The resource's convars for a world, as the README writes them. */
function convarsFor(app: TestService, world: BridgeWorld, extra: Record<string, string> = {}) {
  return serverCfg({
    cad_base_url: app.service.url,
    cad_client_id: world.desk.credential.clientId,
    cad_client_secret: world.desk.credential.clientSecret,
    cad_department_slug: world.slug,
    cad_location_interval_ms: '1000',
    ...(app.service.realtime && app.service.realtime.url !== app.service.url ? { cad_realtime_url: app.service.realtime.url } : {}),
    ...extra,
  });
}

const lastChat = (player: FakePlayer) => player.client.chat.at(-1) ?? '';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The calls of the world's department, as an API credential reads them. */
async function calls(app: TestService, world: BridgeWorld) {
  return expect(await app.http.get('/api/v1/cad/calls?limit=500', { token: await world.apiToken() }), 200) as Array<Record<string, any>>;
}

test.serial('a server build older than 12913 (Node 16, no fetch) does not start the resource, and says which build it needs', async (t) => {
  const { app, resourceDir } = t.context;
  const world = await bridgeWorld(app);
  const fx = new FxServer(resourceDir, convarsFor(app, world), { build: 12000, onesync: 'on' }).start();
  t.context.servers.push(fx);
  t.false(fx.started, fx.log.join('\n'));
  t.true(
    fx.log.some((line) => line.includes('server needs to be 12913 or higher')),
    fx.log.join('\n'),
  );
  t.false(fx.log.some((line) => line.startsWith('SCRIPT ERROR')));
});

test.serial('with OneSync off the resource does not start, and says so', async (t) => {
  const { app, resourceDir } = t.context;
  const world = await bridgeWorld(app);
  const fx = new FxServer(resourceDir, convarsFor(app, world), { build: 17000, onesync: 'off' }).start();
  t.context.servers.push(fx);
  t.false(fx.started);
  t.true(
    fx.log.some((line) => line.includes('OneSync needs to be enabled')),
    fx.log.join('\n'),
  );
});

test.serial(
  'where an operator removed the manifest’s dependencies and OneSync is off, no position is ever sent from the origin: no heartbeats, and /911 says it has no position',
  async (t) => {
    const { app, resourceDir } = t.context;
    const manifest = join(resourceDir, 'fxmanifest.lua');
    const original = readFileSync(manifest, 'utf8');
    writeFileSync(manifest, original.replace(/^dependenc(y|ies)[^\n]*(\{[^}]*\})?/gm, ''));
    try {
      const world = await bridgeWorld(app, { settings: { mapType: 'game_tiles' } });
      const character = await world.character('Onesync', unique('Off'));
      await world.member(character.characterId);
      const license = `license:${unique('lic')}`;
      await world.link(character.characterId, { license });
      const fx = new FxServer(resourceDir, convarsFor(app, world), { build: 17000, onesync: 'off' }).start();
      fx.exec(`add_ace identifier.${license} cad.duty.${world.slug} allow`);
      t.context.servers.push(fx);
      t.true(fx.started);
      t.true(
        fx.log.some((line) => /OneSync is off/.test(line)),
        fx.log.join('\n'),
      );
      const player = fx.connect({ name: 'No Sync', identifiers: [license], position: [500, 600, 30] });
      const before = await answeredCount(app, LOCATION_ROUTE);
      fx.command(player, '/duty');
      await until('on duty', () => player.client.chat.some((line) => line.includes('On duty')));
      fx.command(player, '/911 a fire at the docks');
      await until('the 911 answer', () => player.client.chat.some((line) => line.includes('911')));
      await sleep(2_500);
      t.is(await answeredCount(app, LOCATION_ROUTE), before, 'no heartbeat was sent');
      t.regex(
        player.client.chat.find((line) => line.includes('911'))!,
        /position is not known/,
      );
      t.false((await calls(app, world)).some((call) => call.description === 'a fire at the docks'));
    } finally {
      writeFileSync(manifest, original);
    }
  },
);

test.serial('a player still loading (ped 0) sends no heartbeat and no /911 from the origin', async (t) => {
  const { app } = t.context;
  const { world, fx, officers } = await community(t, 1);
  const { player } = officers[0]!;
  await until('a first position read', () => (fx.positionReads.get(player.source) ?? 0) > 0);
  // The player reconnects and is loading again: the server knows no ped for them.
  player.loading = true;
  const reads = fx.positionReads.get(player.source) ?? 0;
  const before = await answeredCount(app, LOCATION_ROUTE);
  player.position = [0, 0, 0];
  await sleep(2_500);
  t.is(await answeredCount(app, LOCATION_ROUTE), before);
  t.is(fx.positionReads.get(player.source) ?? 0, reads);
  fx.command(player, '/911 someone is hurt');
  await until('the 911 answer', () => lastChat(player).includes('911'));
  // The resource knew where the player was before: the call is placed there, never at (0, 0).
  const call = (await calls(app, world)).find((c) => c.description === 'someone is hurt');
  t.truthy(call, lastChat(player));
  t.notDeepEqual([call!.mapX, call!.mapY], [0, 0]);
  t.deepEqual([call!.mapX, call!.mapY], [0, 500]);
});

test.serial(
  'a ped deleted a moment ago throws in GetEntityCoords: the heartbeat skips it, /911 uses the last known place, nothing goes unhandled',
  async (t) => {
    const { app } = t.context;
    const { world, fx, officers } = await community(t, 1);
    const { player } = officers[0]!;
    await until('a first position read', () => (fx.positionReads.get(player.source) ?? 0) > 0);
    fx.deletePed(player);
    await sleep(1_500);
    fx.command(player, '/911 a car in the canal');
    await until('the 911 answer', () => lastChat(player).includes('911'));
    t.regex(lastChat(player), /911 call C-\d{2}-\d{6} reported/);
    const call = (await calls(app, world)).find((c) => c.description === 'a car in the canal');
    t.deepEqual([call?.mapX, call?.mapY], [0, 500]);
    // A new ped: heartbeats go on from where the player now stands.
    player.position = [4321, 1234, 30];
    fx.respawn(player);
    const before = await answeredCount(app, LOCATION_ROUTE);
    await until('heartbeats again', async () => (await answeredCount(app, LOCATION_ROUTE)) > before, 5_000);
    t.false(
      fx.log.some((line) => /failed|invalid entity/.test(line)),
      fx.log.join('\n'),
    );
  },
);

test.serial('free text is read from the raw command: the console’s comment marks and quotes do not cut a 911 description', async (t) => {
  const { app } = t.context;
  const { world, fx, officers } = await community(t, 1);
  const { player } = officers[0]!;
  fx.command(player, '/911 shots at #4 Grove // near "the" shop');
  await until('the 911 answer', () => lastChat(player).includes('911 call'));
  t.true(
    (await calls(app, world)).some((c) => c.description === 'shots at #4 Grove // near "the" shop'),
    lastChat(player),
  );
});

test.serial(
  'every command can be renamed by a convar, so a name another resource holds (on the client or the server) is not lost',
  async (t) => {
    const { app } = t.context;
    const { world, fx, officers } = await community(t, 1, { cad_command_911: 'cad911', cad_command_mdt: 'tablet' });
    const { player } = officers[0]!;
    t.true(fx.commandNames.includes('cad911') && fx.commandNames.includes('tablet'), fx.commandNames.join(' '));
    t.false(fx.commandNames.includes('911'));
    // Another resource's client command `/911`: the chat resource runs it on the client first.
    let theirs = 0;
    player.client.commands.set('911', () => theirs++);
    fx.command(player, '/911 not for the CAD');
    t.is(theirs, 1);
    fx.command(player, '/cad911 a robbery in progress');
    await until('the 911 answer', () => lastChat(player).includes('911 call'));
    t.true((await calls(app, world)).some((c) => c.description === 'a robbery in progress'));
    t.false((await calls(app, world)).some((c) => c.description === 'not for the CAD'));
  },
);

test.serial('exports exist before the resource is configured, and answer not_configured instead of "No such export"', async (t) => {
  const { app, resourceDir } = t.context;
  const world = await bridgeWorld(app);
  const cfg = convarsFor(app, world);
  delete cfg['cad_client_secret'];
  const fx = new FxServer(resourceDir, cfg).start();
  t.context.servers.push(fx);
  t.true(fx.log.some((line) => line.includes('cad_client_secret')));
  const player = fx.connect({ name: 'Early', identifiers: [`license:${unique()}`] });
  for (const [name, args] of [
    ['setDuty', [Number(player.source), true]],
    ['plateRead', ['ABC123']],
    ['issueCitation', [Number(player.source), {}]],
    ['logArrest', [Number(player.source), {}]],
    ['syncCivilian', [Number(player.source), {}]],
    ['syncVehicle', [Number(player.source), {}]],
  ] as const)
    t.deepEqual(await fx.call(name, ...args), { ok: false, reason: 'not_configured' }, name);
});

test.serial('a Lua caller’s nil arrives as null: plateRead(plate, nil) asks as an officer on duty, not as player "null"', async (t) => {
  const { fx, officers, world } = await community(t, 1);
  const { player } = officers[0]!;
  const plate = unique('LUA').slice(0, 8).toUpperCase();
  const bolo = await world.desk.post('/bolo', {
    identifiers: { license: player.identifiers[0] },
    subject: { plate },
    severity: 'HIGH',
    scope: 'DEPARTMENT',
    subjectDescription: 'grey van',
    reason: 'stolen',
    narrative: 'reported stolen',
  });
  t.true(bolo.body.issued, JSON.stringify(bolo.body));
  const read = (await fx.call('plateRead', plate, undefined)) as { ok: boolean; matches?: unknown[] };
  t.like(read, { ok: true });
  t.is(read.matches?.length, 1);
  t.deepEqual(await fx.call('setDuty', null, true), { ok: false, reason: 'no_player' });
  t.deepEqual(await fx.call('issueCitation', null, null), { ok: false, reason: 'no_player' });
});

test.serial(
  '/mdt: the address the game’s prompt shows on screen holds no secret; the player confirms the code their browser shows',
  async (t) => {
    const { app } = t.context;
    const { fx, officers } = await community(t, 1);
    const { player } = officers[0]!;
    fx.command(player, '/mdt');
    await until('the prompt', () => player.client.urlPrompts.length === 1);
    const shown = player.client.urlPrompts[0]!;
    const url = player.client.openedUrls[0]!;
    t.true(shown.includes(url), 'the prompt shows the whole address');
    t.is(url, `${app.service.url}/mdt/`, 'the plain address: nothing in it to replay');

    // The player's browser starts its pairing and shows a code; a viewer who opens the same address gets another.
    const page = expect(await app.http.post(PAIRING), 201) as { confirmationCode: string; pairingToken: string };
    const viewer = expect(await app.http.post(PAIRING), 201) as { confirmationCode: string; pairingToken: string };
    t.not(viewer.confirmationCode, page.confirmationCode);
    // A guess in game confirms nothing.
    fx.command(player, '/mdt 000000');
    await until('the refusal', () => lastChat(player).includes('not confirmed'));
    fx.command(player, `/mdt ${page.confirmationCode.toLowerCase()}`);
    await until('the confirmation', () => lastChat(player).includes('MDT confirmed'));
    const session = await app.http.post(COLLECT, { pairingToken: page.pairingToken });
    t.is(session.status, 200, JSON.stringify(session.body));
    const { sessionToken, tier } = session.body as { sessionToken: string; tier: string };
    t.is(tier, 'full', 'the resource says the player is on duty');
    expect(await app.http.get(`${MDT}/me`, { token: sessionToken }), 200);
    // Once only: the pairing token gave its session.
    t.is((await app.http.post(COLLECT, { pairingToken: page.pairingToken })).status, 401);
    // The viewer's page still waits for a code nobody in the game will type.
    t.is((await app.http.post(COLLECT, { pairingToken: viewer.pairingToken })).status, 202);
  },
);

test.serial('text other people wrote reaches chat without any of the chat’s colour or style codes', async (t) => {
  const { fx, officers, world } = await community(t, 1);
  const { player } = officers[0]!;
  const owner = await world.civilian('^#ff0000Red~r~', 'Styl^/ed^#0f0', '1980-01-01');
  await world.vehicle({ plate: 'CODES 1', make: '~g~Green', model: '^#ABCDEFModel~h~', ownerCivilianId: owner.civilianId });
  fx.command(player, '/plate CODES1');
  await until('the plate answer', () => lastChat(player).includes('Plate'));
  const line = lastChat(player);
  t.is(line, 'CAD: Plate CODES 1: Green Model, registration VALID, owner Red Styled.');
});

test.serial(
  'license2: is preferred when both licences are present; a player linked earlier by license: keeps their character',
  async (t) => {
    const { app, resourceDir } = t.context;
    const world = await bridgeWorld(app, { settings: { mapType: 'game_tiles' } });
    const fx = new FxServer(resourceDir, convarsFor(app, world)).start();
    t.context.servers.push(fx);

    // A new player: their link is made with license2.
    const fresh = await world.character('Fresh', unique('L2'));
    await world.member(fresh.characterId);
    const [lic, lic2] = [`license:${unique('a')}`, `license2:${unique('b')}`];
    const newcomer = fx.connect({ name: 'Newcomer', identifiers: [lic, lic2], position: [10, 20, 30] });
    fx.command(newcomer, `/cadlink ${(await world.linkCode(fresh.characterId)).code}`);
    await until('linked', () => lastChat(newcomer).includes('Linked to'));
    const byLicense2 = await world.desk.post('/waypoint', { identifiers: { license: lic2 } });
    t.not(byLicense2.body.reason, 'not_linked', JSON.stringify(byLicense2.body));

    // A player linked before this change, by license: alone, goes on duty as their own character.
    const veteran = await world.character('Veteran', unique('L1'));
    const { unitId } = await world.member(veteran.characterId);
    const [old, old2] = [`license:${unique('c')}`, `license2:${unique('d')}`];
    await world.link(veteran.characterId, { license: old });
    const linked = fx.connect({ name: 'Veteran', identifiers: [old, old2], position: [30, 40, 30] });
    fx.exec(`add_ace identifier.${old2} cad.duty.${world.slug} allow`);
    fx.command(linked, '/duty');
    await until('on duty', () => lastChat(linked).includes('On duty'));
    t.is((await world.unit(unitId)).status, 'AVAILABLE');
    t.false((await world.units()).some((u) => /^AUTO-/.test(u.callsign ?? '')));
  },
);

test.serial(
  'a dispatch waypoint is a route of the resource’s own: the player’s own waypoint stays, and the release removes only the route',
  async (t) => {
    const { fx, officers, world } = await community(t, 1);
    const { player, unitId } = officers[0]!;
    player.client.setOwnWaypoint(-100, -200);
    const pin = { mapX: 2500, mapY: -2500 };
    const call = await assign(world, unitId, pin);
    await until('the route', () => player.client.waypoint?.x === pin.mapX && player.client.waypoint?.y === pin.mapY);
    t.deepEqual(player.client.gpsWaypoint, { x: -100, y: -200 });
    t.is([...player.client.blips.values()].filter((b) => b.route).length, 1);
    expect(await world.admin('DELETE', `/calls/${call.callId}/assignments/${unitId}`), 200);
    await until('the route removed', () => player.client.blips.size === 0);
    t.deepEqual(player.client.gpsWaypoint, { x: -100, y: -200 });
    t.deepEqual(player.client.waypoint, { x: -100, y: -200 });
    void fx;
  },
);

test.serial(
  '/mdt: a player who confirms codes again and again gets three a minute, and another player on the server still gets theirs',
  async (t) => {
    const { app } = t.context;
    const { fx, officers } = await community(t, 2);
    const [eager, patient] = [officers[0]!.player, officers[1]!.player];
    const code = async () => (expect(await app.http.post(PAIRING), 201) as { confirmationCode: string }).confirmationCode;
    for (let i = 1; i <= 3; i++) {
      fx.command(eager, `/mdt ${await code()}`);
      await until(`confirmation ${i}`, () => eager.client.chat.filter((line) => line.includes('MDT confirmed')).length === i);
    }
    const fourth = await code();
    fx.command(eager, `/mdt ${fourth}`);
    await until('the refusal', () => lastChat(eager).includes('often this minute'));
    fx.command(patient, `/mdt ${fourth}`);
    await until('the other player’s confirmation', () => lastChat(patient).includes('MDT confirmed'));
    t.pass();
  },
);
