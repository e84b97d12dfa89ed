/**
 * The data an upgrade must keep: a community as a release leaves it (an organisation, its
 * department, a game and an API credential, a dispatcher's key, an officer linked and on duty, a
 * 911 call, a BOLO, a civilian with a vehicle, and a person's account), made through the HTTP
 * routes every release serves, and the checks that the next release still serves all of it.
 * `scripts/make-upgrade-fixture.sh` runs `populate` against a release to make the fixture;
 * `upgrade.test.ts` runs `verify` against the current code started on it.
 */

export interface UpgradeFacts {
  readonly bootstrapKey: string;
  readonly organisationId: string;
  readonly departmentId: string;
  readonly game: { readonly clientId: string; readonly clientSecret: string };
  readonly api: { readonly clientId: string; readonly clientSecret: string };
  readonly dispatcherKey: string;
  readonly officer: { readonly identifiers: { readonly license: string }; readonly unitId: string; readonly callsign: string };
  readonly callNumber: string;
  readonly plate: string;
  readonly person: { readonly username: string; readonly password: string };
}

type Json = Record<string, any>;

async function send(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Json> {
  const reply = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await reply.text();
  if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${text}`);
  return (text === '' ? {} : JSON.parse(text)) as Json;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function tokenOf(base: string, credential: { clientId: string; clientSecret: string }, path = '/api/v1/integrations/token') {
  return (await send(base, 'POST', path, credential)).accessToken as string;
}

export async function populate(base: string, bootstrapKey: string): Promise<UpgradeFacts> {
  const admin = (method: string, path: string, body?: unknown) => send(base, method, `/api/v1/admin${path}`, body, bearer(bootstrapKey));
  const { organisationId } = await admin('POST', '/organisations', { name: 'Upgrade RP', settings: { mapType: 'game_tiles' } });
  const { departmentId } = await admin('POST', `/organisations/${organisationId}/departments`, { slug: 'lspd', name: 'Los Santos Police' });
  const game = await admin('POST', `/organisations/${organisationId}/credentials`, {
    kind: 'game',
    label: 'FiveM server',
    departmentId,
    allScopes: true,
  });
  const api = await admin('POST', `/organisations/${organisationId}/credentials`, {
    kind: 'generic_api_key',
    label: 'Dashboard',
    scopes: ['cad.unit.view', 'cad.call.view'],
  });
  const { key: dispatcherKey } = await admin('POST', `/organisations/${organisationId}/operator-keys`, {
    label: 'Dispatch desk',
    permissions: ['dispatch.manage'],
  });
  const { characterId } = await admin('POST', `/organisations/${organisationId}/characters`, { firstName: 'Jane', lastName: 'Upgrade' });
  const callsign = '1-ADAM-12';
  const { unitId } = await admin('POST', `/departments/${departmentId}/members`, { characterId, callsign });
  const { code } = await admin('POST', `/characters/${characterId}/link-codes`);
  const gameToken = await tokenOf(base, game as never, '/api/v1/integrations/game/token');
  const bridge = (path: string, body: unknown) => send(base, 'POST', `/api/v1/integrations/game${path}`, body, bearer(gameToken));
  const identifiers = { license: 'license:upgrade-jane' };
  await bridge('/identity/link', { identifiers, code });
  await bridge('/duty', { identifiers, departmentSlug: 'lspd', onDuty: true });
  const { callNumber } = await bridge('/911', { identifiers, mapX: 100, mapY: 200, description: 'Shots fired near the pier' });
  const plate = 'UPG 2026';
  const { civilianId } = await admin('POST', `/organisations/${organisationId}/civilians`, {
    firstName: 'Franklin',
    lastName: 'Keeper',
    dateOfBirth: '1988-03-03',
  });
  await admin('POST', `/organisations/${organisationId}/vehicles`, {
    plate,
    make: 'Bravado',
    model: 'Buffalo',
    color: 'Green',
    ownerCivilianId: civilianId,
  });
  await bridge('/bolo', {
    identifiers,
    subject: { plate: 'BOLO1' },
    severity: 'HIGH',
    scope: 'DEPARTMENT',
    subjectDescription: 'blue sedan',
    reason: 'armed robbery',
    narrative: 'seen leaving the bank',
  });
  const { invitationPath } = await admin('POST', `/organisations/${organisationId}/invitations`, { role: 'dispatcher' });
  const invitation = decodeURIComponent(String(invitationPath).split('#invitation=')[1] ?? '');
  const person = { username: 'dana.upgrade', password: 'violet-harbour-47-lantern' };
  await send(base, 'POST', '/api/v1/auth/sign-up', { invitation, displayName: 'Dana', ...person }, { origin: base });
  return {
    bootstrapKey,
    organisationId,
    departmentId,
    game: { clientId: game.clientId, clientSecret: game.clientSecret },
    api: { clientId: api.clientId, clientSecret: api.clientSecret },
    dispatcherKey,
    officer: { identifiers, unitId, callsign },
    callNumber,
    plate,
    person,
  };
}
