import type { Page } from 'playwright-core';
import { type BridgeWorld, bridgeWorld, freshIdentifiers, unique } from './bridge-driver.ts';
import { expect, organisationOf } from './operator-driver.ts';
import type { TestService } from './test-service.ts';

/**
 * The bound of every wait for something live on the board: a bound, not a speed assertion, so a
 * wide one. Every use waits for something to appear or go; none waits it out. At 2 s, a board
 * test on two service processes beside a browser and other suites' processes on two cores
 * outwaited it once, which said nothing of the board.
 */
export const LIVE_MS = 10_000;

export interface Officer {
  readonly identifiers: Record<string, string>;
  readonly unitId: string;
  readonly callsign: string;
}

/**
 * An organisation (`game_tiles`) with a department, its game credential, officers on duty, a key
 * holding only `dispatch.manage` and one holding only `audit.view`: what the board tests watch.
 */
export async function dispatchScene(app: TestService, officers = 1) {
  const world: BridgeWorld = await bridgeWorld(app, { settings: { mapType: 'game_tiles', arrivalRadius: 30 } });
  const crew: Officer[] = [];
  for (let i = 0; i < officers; i++) {
    const character = await world.character('Officer', unique('Unit'));
    const callsign = `${i + 1}-ADAM-${10 + i}`;
    const { unitId } = await world.member(character.characterId, world.departmentId, callsign);
    const identifiers = await world.link(character.characterId, freshIdentifiers());
    await world.goOnDuty({ identifiers });
    crew.push({ identifiers, unitId, callsign });
  }
  const org = organisationOf(app.http, app.bootstrapKey, world.organisationId);
  const dispatcherKey = (await org.operatorKey(['dispatch.manage'], 'Dispatch desk 1')).key as string;
  const readOnlyKey = (await org.operatorKey(['dispatch.view', 'audit.view'], 'Shift supervisor')).key as string;
  const heartbeat = async (officer: Officer, mapX: number, mapY: number) =>
    expect(await world.desk.post('/location', { identifiers: officer.identifiers, mapX, mapY }), 200);
  const report911 = async (officer: Officer, description: string, mapX: number, mapY: number) =>
    expect(await world.desk.post('/911', { identifiers: officer.identifiers, description, mapX, mapY }), 200) as {
      callId: string;
      callNumber: string;
    };
  return { world, crew, dispatcherKey, readOnlyKey, heartbeat, report911 };
}

/** Signs in on the board page and waits for the live board. */
export async function signIn(page: Page, url: string, key: string): Promise<void> {
  await page.goto(`${url}/dispatch/`);
  await page.getByLabel('Operator key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('region', { name: 'Map' }).waitFor();
  await page.locator('#connection', { hasText: 'Live' }).waitFor();
}

/** The unit's marker on the map, by its last reported coordinates. */
export const markerAt = (page: Page, unitId: string, mapX: number, mapY: number) =>
  page.locator(`[data-unit-id="${unitId}"][data-map-x="${mapX}"][data-map-y="${mapY}"]`);
