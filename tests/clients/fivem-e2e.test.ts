import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import anyTest, { type TestFn } from 'ava';
import { expect } from '../support/operator-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';
import { type Officer, assign, builtResource, communityOn, until } from './fxserver/community.ts';
import type { FxServer } from './fxserver/fxserver.ts';
import { type BridgeWorld, unique } from '../support/bridge-driver.ts';

/**
 * The FiveM resource end to end: the exact files `npm run build:fivem` writes, run in the emulated
 * FXServer with twenty fake players, against the real service (its HTTP routes and its realtime
 * channel on the node engine). Every check reads what a player would see, or what the service
 * answers a dispatcher.
 */

interface Context {
  app: TestService;
  world: BridgeWorld;
  fx: FxServer;
  officers: Officer[];
  secret: string;
  resourceDir: string;
  apiToken: string;
  remove(): void;
}
const test = anyTest as TestFn<Context>;

test.before(async (t) => {
  const app = await startTestService({ realtime: 'node', rateLimitScale: 100 });
  const built = await builtResource();
  // A newer release is published, so the resource's start-up check has something to say.
  expect(
    await app.http.post(
      '/api/v1/admin/releases',
      { resourceSlug: 'cad-bridge', version: '9.9.9', manifest: {} },
      { token: app.bootstrapKey },
    ),
    201,
  );
  const { world, fx, officers, clientSecret } = await communityOn(app, built.dir, 20);
  t.context = {
    app,
    world,
    fx,
    officers,
    secret: clientSecret,
    resourceDir: built.dir,
    apiToken: await world.apiToken(),
    remove: built.remove,
  };
});

test.after.always(async (t) => {
  t.context.fx?.stop();
  await t.context.app?.close();
  t.context.remove?.();
});

test.serial('twenty players link and go on duty through /cadlink and /duty; presence counts them all', async (t) => {
  const { world, officers } = t.context;
  const units = await world.units();
  for (const { unitId } of officers) t.is(units.find((u) => u.unitId === unitId)?.status, 'AVAILABLE');
  await until('presence of all twenty', async () => (await world.presence()).connected === 20);
  t.pass();
});

test.serial(
  'an assignment sets the waypoint on the right player’s client, a heartbeat from inside the pin’s radius makes the unit ON_SCENE, a release clears it',
  async (t) => {
    const { world, fx, officers } = t.context;
    const delays: number[] = [];
    const calls = await Promise.all(
      officers.map(async ({ unitId, player }) => {
        const pin = { mapX: player.position[0] + 400, mapY: player.position[1] - 300 };
        const call = await assign(world, unitId, pin);
        // The bound only stops a hung test (the 2 s); the figure is logged.
        delays.push(
          await until(
            `waypoint of ${player.name}`,
            () => player.client.waypoint?.x === pin.mapX && player.client.waypoint?.y === pin.mapY,
            2_000,
          ),
        );
        return { call, pin, player, unitId };
      }),
    );
    t.log(`assignment → waypoint on the client: median ${median(delays)} ms, max ${Math.max(...delays)} ms over ${delays.length}`);
    for (const { player, call } of calls) t.true(player.client.notifications.some((n) => n.includes(call.callNumber)));

    // Each player walks to within the arrival radius of their own pin; their next heartbeat says so.
    for (const { player, pin } of calls) player.position = [pin.mapX - 10, pin.mapY + 10, 30];
    await until('every unit ON_SCENE', async () => (await world.units()).filter((u) => u.status === 'ON_SCENE').length === 20, 15_000);

    const released = calls.slice(0, 5);
    await Promise.all(
      released.map(async ({ call, unitId, player }) => {
        expect(await world.admin('DELETE', `/calls/${call.callId}/assignments/${unitId}`), 200);
        await until(`cleared waypoint of ${player.name}`, () => player.client.waypoint === null, 2_000);
      }),
    );
    for (const { player } of calls.slice(5)) t.not(player.client.waypoint, null);
    for (const { player } of released) t.true(player.client.notifications.some((n) => n.includes('assignment cleared')));
    // The rest go back to AVAILABLE for the next tests.
    await Promise.all(calls.slice(5).map(({ call }) => world.closeCall(call.callId)));
    await until('all waypoints cleared', () => officers.every(({ player }) => player.client.waypoint === null));
    t.is(fx.log.filter((line) => line.includes('failed')).length, 0, fx.log.join('\n'));
  },
);

test.serial('two players linked to one character share its unit: its waypoint reaches both, its release clears both', async (t) => {
  const { world, fx, officers } = t.context;
  const first = officers[7]!;
  // The same officer on a second game account: its CAD account shows a second code.
  const license = `license:${unique('lic')}`;
  const second = fx.connect({
    name: 'Officer 8 (second account)',
    identifiers: [license, `discord:${unique()}`, 'ip:127.0.0.1'],
    position: [-5000, -5000, 30],
  });
  // Its game account is put in the department's group, which holds the duty ACE, like the first.
  fx.exec(`add_principal identifier.${license} group.${world.slug}`);
  const { code } = await world.linkCode(first.characterId);
  fx.command(second, `/cadlink ${code}`);
  await until('the second account linked', () => second.client.chat.some((line) => line.includes('Linked to')));
  fx.command(second, '/duty');
  await until('the second account on duty', () => second.client.chat.some((line) => line.includes('On duty')));

  const pin = { mapX: 7777, mapY: -7777 };
  const call = await assign(world, first.unitId, pin);
  for (const player of [first.player, second])
    await until(`waypoint of ${player.name}`, () => player.client.waypoint?.x === pin.mapX && player.client.waypoint?.y === pin.mapY);
  expect(await world.admin('DELETE', `/calls/${call.callId}/assignments/${first.unitId}`), 200);
  for (const player of [first.player, second]) await until(`cleared waypoint of ${player.name}`, () => player.client.waypoint === null);
  await world.closeCall(call.callId);
  t.pass();
});

test.serial('/911 and /panic create calls at the players’ positions', async (t) => {
  const { fx, officers, app, apiToken } = t.context;
  const [a, b] = officers;
  a!.player.position = [1234, -567, 30];
  b!.player.position = [-2000, 3000, 12];
  fx.command(a!.player, '/911 shots fired near the pier');
  fx.command(b!.player, '/panic');
  await until('911 answer', () => a!.player.client.chat.some((line) => /911 call C-\d{2}-\d{6} reported/.test(line)));
  await until('panic answer', () => b!.player.client.chat.some((line) => /PANIC sent: call C-\d{2}-\d{6}/.test(line)));
  const numberIn = (chat: string[], pattern: RegExp) => chat.map((line) => line.match(pattern)?.[1]).find(Boolean);
  const reported = numberIn(a!.player.client.chat, /911 call (C-\d{2}-\d{6})/);
  const panic = numberIn(b!.player.client.chat, /PANIC sent: call (C-\d{2}-\d{6})/);
  const calls = expect(await app.http.get('/api/v1/cad/calls?limit=500', { token: apiToken }), 200) as Array<Record<string, any>>;
  t.like(
    calls.find((c) => c.callNumber === reported),
    { mapX: 1234, mapY: -567, description: 'shots fired near the pier' },
  );
  t.like(
    calls.find((c) => c.callNumber === panic),
    { mapX: -2000, mapY: 3000, priority: 'P1' },
  );
});

test.serial('/plate, /name and /warrant print the lookups in chat', async (t) => {
  const { fx, officers, world } = t.context;
  const civilian = await world.civilian('Trevor', 'Philips', '1967-11-12', 'SUSPENDED');
  await world.vehicle({ plate: 'TREV 0R', make: 'Canis', model: 'Bodhi', color: 'red', ownerCivilianId: civilian.civilianId });
  await world.warrant(civilian.civilianId);
  const { player } = officers[2]!;
  fx.command(player, '/plate trev0r');
  fx.command(player, '/name Trevor Philips');
  fx.command(player, '/warrant Trevor Philips 1967-11-12');
  fx.command(player, '/plate NOPE99');
  await until('four lookups', () => player.client.chat.filter((line) => /^CAD: (Plate|Trevor)/.test(line)).length >= 4);
  t.true(
    player.client.chat.includes('CAD: Plate TREV 0R: red Canis Bodhi, registration VALID, owner Trevor Philips.'),
    player.client.chat.join('\n'),
  );
  t.true(player.client.chat.includes('CAD: Trevor Philips, born 1967-11-12, licence SUSPENDED.'));
  t.true(player.client.chat.includes('CAD: Trevor Philips: ACTIVE WARRANT.'));
  t.true(player.client.chat.includes('CAD: Plate NOPE99: no match.'));
});

test.serial('names other people entered in the CAD reach chat without colour codes or markup', async (t) => {
  const { fx, officers, world } = t.context;
  const { player } = officers[4]!;
  // Another resource syncs a character whose name carries cfx chat codes and HTML.
  const synced = (await fx.call('syncCivilian', Number(player.source), {
    firstName: '^1Lester<b>',
    lastName: 'Cr^*est',
    dateOfBirth: '1970-05-05',
  })) as { ok: boolean; civilianId: string };
  t.true(synced.ok);
  await world.vehicle({ plate: 'LES 1', make: '<i>Pegassi', model: 'Zen^^11torno', ownerCivilianId: synced.civilianId });
  fx.command(player, '/name ^1Lester<b> Cr^*est');
  fx.command(player, '/plate LES1');
  await until('both lookups', () => player.client.chat.filter((line) => /born 1970-05-05|^CAD: Plate LES 1/.test(line)).length >= 2);
  t.true(player.client.chat.includes('CAD: Lesterb Crest, born 1970-05-05, licence VALID.'), player.client.chat.join('\n'));
  t.true(
    player.client.chat.includes('CAD: Plate LES 1: iPegassi Zentorno, registration VALID, owner Lesterb Crest.'),
    player.client.chat.join('\n'),
  );
  for (const line of player.client.chat) t.false(/[<>^]/.test(line), line);
});

test.serial('/mdt opens the plain MDT address on the player’s own client: no secret in it, none in chat', async (t) => {
  const { fx, officers, app } = t.context;
  const { player } = officers[2]!;
  fx.command(player, '/mdt');
  await until('the MDT address', () => player.client.nuiMessages.length === 1);
  const { type, url } = player.client.nuiMessages[0] as { type: string; url: string };
  t.is(type, 'openUrl');
  // The page starts its own pairing (decision 0108): the address the game shows opens nothing alone.
  t.is(url, `${app.service.url}/mdt/`);
  await until('the MDT chat line', () => player.client.chat.some((line) => line.includes('MDT opening in your browser')));
  for (const { player: anyone } of officers) {
    for (const line of anyone.client.chat) t.false(/cad_mdt_|#handoff=/.test(line), line);
    const events = anyone.client.received.filter(({ args }) => JSON.stringify(args).includes('/mdt/')).map(({ event }) => event);
    t.deepEqual(events, anyone === player ? ['cad-bridge:openUrl'] : [], anyone.name);
  }
});

test.serial('exports for other resources: setDuty, plateRead, issueCitation, logArrest, syncCivilian, syncVehicle', async (t) => {
  const { fx, officers, world } = t.context;
  const { player, unitId } = officers[3]!;
  const boloPlate = 'BOLO 42';
  const bolo = await world.desk.post('/bolo', {
    identifiers: { license: player.identifiers[0], chat: player.identifiers[1] },
    subject: { plate: boloPlate },
    severity: 'HIGH',
    scope: 'DEPARTMENT',
    subjectDescription: 'black sedan',
    reason: 'robbery',
    narrative: 'seen leaving the bank',
  });
  t.true(bolo.body.issued, JSON.stringify(bolo.body));
  const read = (await fx.call('plateRead', boloPlate)) as { ok: boolean; matches: Array<{ boloNumber: string }> };
  t.true(read.ok);
  t.deepEqual(
    read.matches.map((m) => m.boloNumber),
    [bolo.body.boloNumber],
  );
  const civilian = { firstName: 'Franklin', lastName: 'Clinton', dateOfBirth: '1988-03-04' };
  t.like(
    await fx.call('issueCitation', Number(player.source), {
      civilian,
      plate: 'FC 1',
      locationText: 'Forum Drive',
      statuteCode: 'VC-22350',
      statuteDescription: 'Unsafe speed',
      fineAmount: 250,
    }),
    { ok: true },
  );
  t.like(
    await fx.call('logArrest', Number(player.source), {
      civilian,
      locationText: 'Forum Drive',
      narrative: 'arrested after a chase',
      charges: [{ statuteCode: 'PC-2800', statuteDescription: 'Evading' }],
    }),
    { ok: true },
  );
  t.like(await fx.call('syncCivilian', Number(player.source), { firstName: 'Lamar', lastName: 'Davis', dateOfBirth: '1987-01-01' }), {
    ok: true,
    created: true,
  });
  t.like(await fx.call('syncVehicle', Number(player.source), { plate: 'LAMAR1', make: 'Bravado', model: 'Buffalo', color: 'white' }), {
    ok: true,
    created: true,
  });
  t.like(await fx.call('setDuty', Number(player.source), false), { ok: true, status: 'OFF_DUTY' });
  t.is((await world.unit(unitId)).status, 'OFF_DUTY');
  t.like(await fx.call('setDuty', Number(player.source), true), { ok: true, status: 'AVAILABLE' });
});

test.serial('at start the resource says that a newer release exists; a player who leaves goes off duty', async (t) => {
  const { fx, officers, world } = t.context;
  t.true(
    fx.log.some((line) => line.includes('a newer version of cad-bridge is available: 9.9.9 (this is 0.2.0)')),
    fx.log.join('\n'),
  );
  const { player, unitId } = officers[19]!;
  fx.drop(player);
  await until('the leaver off duty', async () => (await world.unit(unitId)).status === 'OFF_DUTY');
  t.pass();
});

test.serial('no client script, bundle or NUI file holds the client secret, nor any event a client received', (t) => {
  const { resourceDir, secret, officers } = t.context;
  const files = readdirSync(resourceDir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(js|lua|html|md|json)$/.test(f));
  t.true(files.includes('client.js') && files.includes('server.js') && files.includes(join('ui', 'index.html')));
  for (const file of files) t.false(readFileSync(join(resourceDir, file), 'utf8').includes(secret), file);
  // The client side never even asks for it: it has no business with the CAD's settings.
  for (const file of ['client.js', join('ui', 'index.html')])
    t.false(readFileSync(join(resourceDir, file), 'utf8').includes('cad_client'), file);
  for (const { player } of officers) t.false(JSON.stringify(player.client.received).includes(secret));
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
