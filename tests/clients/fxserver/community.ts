import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFivemResource } from '../../../scripts/build-fivem.ts';
import { type BridgeWorld, bridgeWorld, unique } from '../../support/bridge-driver.ts';
import type { TestService } from '../../support/test-service.ts';
import { CURRENT_SERVER, type FakePlayer, FxServer, serverCfg, until } from './fxserver.ts';
import type { ServerRuntime } from './manifest.ts';

/** `npm run build:fivem`'s build, into a folder of this test run's own (test files build side by side). */
export async function builtResource(): Promise<{ dir: string; remove(): void }> {
  const parent = mkdtempSync(join(tmpdir(), 'cad-fivem-'));
  const dir = await buildFivemResource(join(parent, 'cad-bridge'));
  return { dir, remove: () => rmSync(parent, { recursive: true, force: true }) };
}

export interface Officer {
  readonly player: FakePlayer;
  readonly unitId: string;
  readonly characterId: string;
}

/**
 * A community on the service: an organisation with a `game_tiles` map, a department, a game
 * credential, and `count` officers on its roster; and its FiveM server running the built resource
 * with the convars of the README, and the department's duty ACE granted to a group (`group.<slug>`)
 * as the README shows. Each player connects at a place of their own, is put in that group by their
 * licence, links with the code their account shows (`/cadlink`) and goes on duty (`/duty`), as a
 * player would.
 */
export async function communityOn(
  app: TestService,
  resourceDir: string,
  count: number,
  options: { convars?: Record<string, string>; baseUrl?: string; runtime?: ServerRuntime } = {},
) {
  const world: BridgeWorld = await bridgeWorld(app, { settings: { mapType: 'game_tiles' } });
  const { clientId, clientSecret } = world.desk.credential;
  const baseUrl = options.baseUrl ?? app.service.url;
  const fx = new FxServer(
    resourceDir,
    serverCfg({
      cad_base_url: baseUrl,
      cad_client_id: clientId,
      cad_client_secret: clientSecret,
      cad_department_slug: world.slug,
      cad_location_interval_ms: '1000',
      cad_presence_heartbeat_interval_ms: '5000',
      ...(app.service.realtime && app.service.realtime.url !== app.service.url ? { cad_realtime_url: app.service.realtime.url } : {}),
      ...options.convars,
    }),
    options.runtime ?? CURRENT_SERVER,
  )
    .start()
    .exec(`add_ace group.${world.slug} cad.duty.${world.slug} allow`);

  const officers: Officer[] = [];
  for (let i = 0; i < count; i++) {
    const character = await world.character('Officer', unique('Unit'));
    const { unitId } = await world.member(character.characterId);
    const license = `license:${unique('lic')}`;
    const player = fx.connect({
      name: `Officer ${i + 1}`,
      identifiers: [license, `discord:${unique()}`, 'ip:127.0.0.1'],
      position: [i * 1000, i * 1000 + 500, 30],
    });
    fx.exec(`add_principal identifier.${license} group.${world.slug}`);
    officers.push({ player, unitId, characterId: character.characterId });
  }
  await Promise.all(
    officers.map(async ({ player, characterId }) => {
      const { code } = await world.linkCode(characterId);
      fx.command(player, `/cadlink ${code}`);
      await until(`${player.name} linked`, () => player.client.chat.some((line) => line.includes('Linked to')));
      fx.command(player, '/duty');
      await until(`${player.name} on duty`, () => player.client.chat.some((line) => line.includes('On duty')));
    }),
  );
  return { world, fx, officers, clientSecret };
}

/** The call a dispatcher opens and pins, with this officer's unit assigned to it. */
export async function assign(world: BridgeWorld, unitId: string, at: { mapX: number; mapY: number }) {
  const call = await world.openCall(world.departmentId, at);
  const reply = await world.admin('POST', `/calls/${call.callId}/assignments`, { unitId });
  if (reply.status !== 201) throw new Error(`assignment failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return call as { callId: string; callNumber: string };
}

export { until };
