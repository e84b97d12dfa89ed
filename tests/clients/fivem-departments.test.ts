import anyTest, { type TestFn } from 'ava';
import { expect } from '../support/operator-driver.ts';
import { type TestService, startTestService } from '../support/test-service.ts';
import { BRIDGE_SCOPES, type BridgeWorld, bridgeWorld, unique } from '../support/bridge-driver.ts';
import { builtResource, until } from './fxserver/community.ts';
import { type FakePlayer, FxServer, serverCfg } from './fxserver/fxserver.ts';
import { Acl } from './fxserver/acl.ts';
import { answeredCount } from './fxserver/service-metrics.ts';
import { openBrowser } from '../support/browser.ts';
import { signIn } from '../support/dispatch-scene.ts';
import { organisationOf } from '../support/operator-driver.ts';

/**
 * One game server serving two departments (issue 33): police (`lspd…`) and fire (`lsfd…`), each
 * with the game credential the CAD issued for it through the admin routes, in `cad_departments`.
 * The built resource runs in the emulated FXServer against the real service; who may go on duty is
 * FXServer's ACL (`add_ace`, `add_principal`) or a job another resource reports through `setJob`.
 */

interface Context {
  app: TestService;
  world: BridgeWorld;
  fx: FxServer;
  police: { slug: string; departmentId: string };
  fire: { slug: string; departmentId: string };
  apiToken: string;
  remove(): void;
}
const test = anyTest as TestFn<Context>;
const DUTY_ROUTE = '/api/v1/integrations/game/duty';

test.before(async (t) => {
  const app = await startTestService({ realtime: 'node', rateLimitScale: 100, metrics: { port: 0, host: '127.0.0.1' } });
  const built = await builtResource();
  const police = unique('lspd');
  const fire = unique('lsfd');
  const world = await bridgeWorld(app, { settings: { mapType: 'game_tiles' }, slug: police });
  const fireId = await world.department(fire);
  const fireCredential = expect(
    await world.admin('POST', `/organisations/${world.organisationId}/credentials`, {
      kind: 'game',
      label: unique('fire-server-'),
      departmentId: fireId,
      scopes: [...BRIDGE_SCOPES],
    }),
    201,
  ) as { clientId: string; clientSecret: string };
  const fx = new FxServer(
    built.dir,
    serverCfg({
      cad_base_url: app.service.url,
      cad_departments: `${police},${fire}`,
      [`cad_${police}_client_id`]: world.desk.credential.clientId,
      [`cad_${police}_client_secret`]: world.desk.credential.clientSecret,
      [`cad_${fire}_client_id`]: fireCredential.clientId,
      [`cad_${fire}_client_secret`]: fireCredential.clientSecret,
      [`cad_${fire}_jobs`]: 'firefighter,ambulance',
      cad_911_keywords: `fire:${fire},smoke:${fire},car fire:${fire},ambulance:${fire}`,
      cad_location_interval_ms: '1000',
      ...(app.service.realtime && app.service.realtime.url !== app.service.url ? { cad_realtime_url: app.service.realtime.url } : {}),
    }),
  )
    .start()
    .exec(`add_ace group.police cad.duty.${police} allow`)
    .exec(`add_ace group.fire cad.duty.${fire} allow`);
  t.context = {
    app,
    world,
    fx,
    police: { slug: police, departmentId: world.departmentId },
    fire: { slug: fire, departmentId: fireId },
    apiToken: await world.apiToken(),
    remove: built.remove,
  };
});

test.after.always(async (t) => {
  t.context.fx?.stop();
  await t.context.app?.close();
  t.context.remove?.();
});

const said = (player: FakePlayer, text: string) => until(`${player.name}: ${text}`, () => player.client.chat.some((l) => l.includes(text)));
const lastChat = (player: FakePlayer) => player.client.chat.at(-1) ?? '';

/** A character on a department's roster (or none), and its player on the server, linked through `/cadlink`. */
async function playerOf(t: Context, name: string, departmentId: string | null, group: string | null) {
  const character = await t.world.character(name, unique('P'));
  const unitId = departmentId === null ? null : (await t.world.member(character.characterId, departmentId)).unitId;
  const license = `license:${unique('lic')}`;
  const player = t.fx.connect({ name, identifiers: [license, 'ip:127.0.0.1'], position: [100, 200, 30] });
  if (group !== null) t.fx.exec(`add_principal identifier.${license} ${group}`);
  t.fx.command(player, `/cadlink ${(await t.world.linkCode(character.characterId)).code}`);
  await said(player, 'Linked to');
  return { player, unitId, license };
}

test.serial('a police officer and a firefighter go on duty from one server, each in their own department, on its credential', async (t) => {
  const { fx, world, police, fire } = t.context;
  const officer = await playerOf(t.context, 'Officer', police.departmentId, 'group.police');
  const firefighter = await playerOf(t.context, 'Firefighter', fire.departmentId, 'group.fire');
  fx.command(officer.player, '/duty');
  fx.command(firefighter.player, '/duty');
  await said(officer.player, `On duty in ${police.slug} (AVAILABLE)`);
  await said(firefighter.player, `On duty in ${fire.slug} (AVAILABLE)`);
  t.like(await world.unit(officer.unitId!), { status: 'AVAILABLE', departmentId: police.departmentId });
  t.like(await world.unit(firefighter.unitId!), { status: 'AVAILABLE', departmentId: fire.departmentId });

  // The dispatcher's board, in Chromium, shows both units on duty.
  const browser = await openBrowser();
  try {
    const { key } = await organisationOf(t.context.app.http, t.context.app.bootstrapKey, world.organisationId).operatorKey([
      'dispatch.view',
    ]);
    const board = await browser.context.newPage();
    await signIn(board, t.context.app.service.url, key);
    const units = board.getByRole('table', { name: 'Units' });
    for (const unitId of [officer.unitId!, firefighter.unitId!])
      await units.getByText((await world.unit(unitId)).callsign as string).waitFor();
  } finally {
    await browser.close();
  }

  // The fire department's own waypoint channel brings a fire call's route to the firefighter's GPS.
  const call = await world.openCall(fire.departmentId, { mapX: 900, mapY: -900 });
  expect(await world.admin('POST', `/calls/${call.callId}/assignments`, { unitId: firefighter.unitId }), 201);
  await until('the firefighter’s waypoint', () => firefighter.player.client.waypoint?.x === 900);
  t.is(officer.player.client.waypoint, null);
  // Each heartbeat goes through its own department's credential: walking onto the pin puts the fire unit on scene.
  firefighter.player.position = [905, -895, 30];
  await until('the fire unit on scene', async () => (await world.unit(firefighter.unitId!)).status === 'ON_SCENE');
  await world.closeCall(call.callId);

  // Off duty again, each in their own department.
  fx.command(firefighter.player, '/duty');
  await until('the firefighter off duty', async () => (await world.unit(firefighter.unitId!)).status === 'OFF_DUTY');
  t.is((await world.unit(officer.unitId!)).status, 'AVAILABLE');
});

test.serial('a player without the ACE cannot go on duty: told why in chat, the CAD is never asked, no unit is made', async (t) => {
  const { fx, world, app, police, fire } = t.context;
  const officer = await playerOf(t.context, 'Patrol', police.departmentId, 'group.police');
  const unitsBefore = (await world.units()).length;
  const dutyCalls = await answeredCount(app, DUTY_ROUTE);
  t.true(dutyCalls > 0, 'the service counts the /duty requests it answered (the first test made some)');
  // Auto-provisioning is on (the default): had the resource asked, this unlinked player would be AUTO-nnn now.
  const stranger = fx.connect({ name: 'Stranger', identifiers: [`license:${unique('lic')}`], position: [0, 10, 30] });
  fx.command(stranger, '/duty');
  await said(stranger, 'Duty not changed');
  t.regex(lastChat(stranger), new RegExp(`may not go on duty in ${police.slug}, ${fire.slug} on this server`));
  // A police officer may not go on duty in fire.
  fx.command(officer.player, `/duty ${fire.slug}`);
  await said(officer.player, `cad.duty.${fire.slug}`);
  t.regex(lastChat(officer.player), new RegExp(`Duty not changed: you may not go on duty in ${fire.slug}`));
  t.like(await fx.call('setDuty', Number(stranger.source), true), { ok: false, reason: 'duty_not_allowed' });
  // A department this server does not serve is named as such.
  fx.command(officer.player, '/duty bcso');
  await said(officer.player, `this server has no department bcso; it serves ${police.slug}, ${fire.slug}`);

  t.is(await answeredCount(app, DUTY_ROUTE), dutyCalls, 'no /duty reached the CAD');
  const units = await world.units();
  t.is(units.length, unitsBefore);
  t.false(units.some((u) => /^AUTO-/.test(u.callsign ?? '')));
  t.is((await world.unit(officer.unitId!)).status, 'OFF_DUTY');
});

test.serial(
  'a job reported through setJob lets a player on duty in the department that lists it; losing the job takes them off',
  async (t) => {
    const { fx, world, fire } = t.context;
    const medic = await playerOf(t.context, 'Medic', fire.departmentId, null);
    fx.command(medic.player, '/duty');
    await said(medic.player, 'Duty not changed');
    t.like(await fx.call('setJob', Number(medic.player.source), 'ambulance'), { ok: true });
    fx.command(medic.player, '/duty');
    await said(medic.player, `On duty in ${fire.slug}`);
    t.is((await world.unit(medic.unitId!)).status, 'AVAILABLE');
    // The framework says the medic changed job: no longer on duty in fire.
    t.like(await fx.call('setJob', Number(medic.player.source), 'taxi'), { ok: true, offDuty: true });
    t.is((await world.unit(medic.unitId!)).status, 'OFF_DUTY');
    t.like(await fx.call('setDuty', Number(medic.player.source), true), { ok: false, reason: 'duty_not_allowed' });
  },
);

test.serial('/911 goes to the department the caller names or a keyword points to, else to the first', async (t) => {
  const { fx, app, apiToken, police, fire } = t.context;
  const caller = await playerOf(t.context, 'Caller', null, null);
  const report = async (line: string) => {
    const before = caller.player.client.chat.length;
    fx.command(caller.player, line);
    await until(`the answer to ${line}`, () => caller.player.client.chat.slice(before).some((l) => l.includes('911 call')));
    const number = /911 call (C-\d{2}-\d{6}) reported/.exec(caller.player.client.chat.slice(before).join('\n'))?.[1];
    const calls = expect(await app.http.get('/api/v1/cad/calls?limit=500', { token: apiToken }), 200) as Array<Record<string, any>>;
    return calls.find((c) => c.callNumber === number);
  };
  t.like(await report('/911 car fire on the freeway, smoke everywhere'), {
    departmentId: fire.departmentId,
    description: 'car fire on the freeway, smoke everywhere',
  });
  // "fired" is not the keyword "fire": a word is matched whole.
  t.like(await report('/911 shots fired at the bank'), { departmentId: police.departmentId, description: 'shots fired at the bank' });
  t.like(await report(`/911 ${fire.slug.toUpperCase()} a man collapsed at the gym`), {
    departmentId: fire.departmentId,
    description: 'a man collapsed at the gym',
  });
  t.like(await report('/911 someone needs an Ambulance at Pillbox'), { departmentId: fire.departmentId });
  // A department's name and nothing else is no report.
  fx.command(caller.player, `/911 ${fire.slug}`);
  await said(caller.player, 'Usage: /911 <what happened>');
});

test.serial('one department, as before, with its duty check turned off: anyone goes on duty there', async (t) => {
  const { app, world, police } = t.context;
  const fx = new FxServer(
    t.context.fx.resourceDir,
    serverCfg({
      cad_base_url: app.service.url,
      cad_department_slug: police.slug,
      cad_client_id: world.desk.credential.clientId,
      cad_client_secret: world.desk.credential.clientSecret,
      [`cad_${police.slug}_duty_check`]: 'off',
    }),
  ).start();
  try {
    const { player, unitId } = await playerOf({ ...t.context, fx }, 'Open Door', police.departmentId, null);
    fx.command(player, '/duty');
    await said(player, `On duty in ${police.slug} (AVAILABLE)`);
    t.is((await world.unit(unitId!)).status, 'AVAILABLE');
    fx.command(player, '/duty');
    await said(player, 'Off duty.');
  } finally {
    fx.stop();
  }
});

test('the emulated ACL answers as FXServer’s: parents of principals and objects, deny over allow, identifiers only', (t) => {
  const acl = new Acl();
  acl.exec('add_ace group.fire cad.duty allow');
  acl.exec('add_principal group.captain group.fire');
  acl.exec('add_principal identifier.license:cap group.captain');
  acl.exec('add_ace identifier.license:banned cad.duty.lsfd deny');
  acl.exec('add_principal identifier.license:banned group.fire');
  acl.exec('add_ace player.1 cad.duty.lsfd allow');
  acl.exec('add_ace group.fire cad.duty.other sometimes');
  t.true(acl.playerAllowed(['ip:1', 'license:cap'], 'cad.duty.lsfd'), 'a grandparent’s ACE on a parent object');
  t.false(acl.playerAllowed(['license:banned'], 'cad.duty.lsfd'), 'deny trumps all');
  t.true(acl.playerAllowed(['license:banned'], 'cad.duty.lspd'));
  t.false(acl.allowed('identifier.license:other', 'cad.duty.lsfd'));
  t.false(acl.allowed('builtin.everyone', 'cad'), 'an ACE on a child object grants nothing on its parent');
  t.true(acl.allowed('player.1', 'cad.duty.lsfd'), 'add_ace on player.<n> exists, but IsPlayerAceAllowed never asks it');
  t.false(acl.playerAllowed(['license:nobody'], 'cad.duty.lsfd'));
  t.is(acl.exec('restart cad-bridge'), false);
});
