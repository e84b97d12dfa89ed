/**
 * What the soak's load needs, made through the service's own routes as an operator and a game
 * server would: one organisation, a department, a game and an API credential (their tokens
 * re-exchanged before they expire), officers on duty, and records to look up.
 */
import { BRIDGE, BRIDGE_SCOPES } from '../support/bridge-driver.ts';
import type { HttpClient } from '../support/http-client.ts';
import { type Credential, expect, operatorOf, tokenFor } from '../support/operator-driver.ts';

export interface SoakWorld {
  readonly organisationId: string;
  readonly departmentId: string;
  readonly slug: string;
  readonly officers: readonly Record<string, string>[];
  readonly caller: Record<string, string>;
  readonly people: readonly { firstName: string; lastName: string; dateOfBirth: string }[];
  readonly plates: readonly string[];
  /** The current tokens; `refresh` exchanges the secrets again. */
  readonly tokens: { game: string; api: string };
  readonly bootstrapKey: string;
  refresh(): Promise<void>;
}

async function inBatches(count: number, size: number, work: (i: number) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < count; start += size) {
    await Promise.all(Array.from({ length: Math.min(size, count - start) }, (_, k) => work(start + k)));
  }
}

export async function soakWorld(http: HttpClient, bootstrapKey: string, officerCount: number): Promise<SoakWorld> {
  const operator = operatorOf(http, bootstrapKey);
  const org = await operator.organisation();
  const slug = 'lspd';
  const departmentId = await org.department(slug);
  const game: Credential = await org.gameCredential(departmentId, [...BRIDGE_SCOPES]);
  const api: Credential = await org.apiCredential('all');
  const tokens = { game: await tokenFor(http, game), api: await tokenFor(http, api) };
  const bridge = async (path: string, body: unknown) => expect(await http.post(`${BRIDGE}${path}`, body, { token: tokens.game }), 200);

  const people = Array.from({ length: 20 }, (_, i) => ({ firstName: `Soak${i}`, lastName: `Citizen${i}`, dateOfBirth: '1980-01-01' }));
  const plates = Array.from({ length: 20 }, (_, i) => `SOAK${i}`);
  const base = `/organisations/${org.organisationId}`;
  for (const [i, person] of people.entries()) {
    const { civilianId } = expect(await operator.post(`${base}/civilians`, person), 201);
    expect(await operator.post(`${base}/vehicles`, { plate: plates[i], make: 'Vapid', ownerCivilianId: civilianId }), 201);
    if (i % 4 === 0) expect(await operator.post(`${base}/warrants`, { civilianId, status: 'ACTIVE' }), 201);
  }

  const officers = Array.from({ length: officerCount }, (_, i) => ({ license: `license:soak-officer-${i}` }));
  await inBatches(officerCount, 10, (i) => bridge('/duty', { identifiers: officers[i], departmentSlug: slug, onDuty: true }));
  const caller = { license: 'license:soak-caller' };
  await bridge('/duty', { identifiers: caller, departmentSlug: slug, onDuty: false });

  return {
    organisationId: org.organisationId,
    departmentId,
    slug,
    officers,
    caller,
    people,
    plates,
    tokens,
    bootstrapKey,
    async refresh() {
      tokens.game = await tokenFor(http, game);
      tokens.api = await tokenFor(http, api);
    },
  };
}
