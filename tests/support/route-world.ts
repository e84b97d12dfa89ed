import type { RouteSpec } from '../../adapters/http/route-spec.ts';
import { BRIDGE, BRIDGE_SCOPES, bridgeBody } from './bridge-driver.ts';
import type { HttpClient } from './http-client.ts';
import { expect, operatorOf, tokenFor } from './operator-driver.ts';
import { GOOD_PASSWORD, invite, sessionCookieOf, signIn, signUp } from './people-driver.ts';
import { playerWorld } from './player-world.ts';

/** One organisation with one of everything, so that every route of the table has ids to call. */
export async function routeWorld(http: HttpClient, bootstrapKey: string) {
  const operator = operatorOf(http, bootstrapKey);
  // A whitelist, so that the join address's route has an organisation to describe; room for the owner's characters.
  const org = await operator.organisation({ joinRule: 'approval', charactersPerPerson: 50 });
  const departmentId = await org.department();
  const { characterId } = await org.character();
  const { unitId } = await org.member(departmentId);
  const game = await org.gameCredential(departmentId, [...BRIDGE_SCOPES]);
  const api = await org.apiCredential('all');
  const ids: Record<string, string> = { organisationId: org.organisationId, departmentId, characterId, unitId, clientId: api.clientId };
  ids['operatorKeyId'] = (await org.operatorKey(['organisation.settings.manage'], 'world key')).operatorKeyId;
  // A member of its own for the removal route: ending it (again and again: it answers as it is) touches no other route's unit.
  ids['membershipId'] = (await org.member(departmentId, '1-ADAM-40')).membershipId;
  const gameAndApi = { game: await tokenFor(http, game), api: await tokenFor(http, api) };
  const secrets = { game, api };
  const trevor = { firstName: 'Trevor', lastName: 'Philips', dateOfBirth: '1967-06-06' };
  ids['civilianId'] = (await operator.post(`/organisations/${org.organisationId}/civilians`, trevor)).body.civilianId as string;
  // A vehicle registered by the operator, owned by the civilian, with a warrant on the civilian: the records routes' ids and filters.
  const plate = `W${unique()}`.slice(0, 16).toUpperCase();
  const vehicle = expect(
    await operator.post(`/organisations/${org.organisationId}/vehicles`, { plate, make: 'Bravado', ownerCivilianId: ids['civilianId'] }),
    201,
  );
  ids['vehicleId'] = vehicle.vehicleId as string;
  const warrant = expect(
    await operator.post(`/organisations/${org.organisationId}/warrants`, { civilianId: ids['civilianId'], status: 'ACTIVE' }),
    201,
  );
  ids['warrantId'] = warrant.warrantId as string;
  // An on-duty officer, provisioned through /duty, with a BOLO and a call for the routes that take their ids.
  const bridge = { identifiers: { license: 'license:world-officer' }, slug: 'lspd' };
  const gamePost = (path: string, body: unknown) => http.post(`${BRIDGE}${path}`, body, { token: gameAndApi.game });
  const onDuty = async (identifiers: Record<string, string>) =>
    expect(await gamePost('/duty', { identifiers, departmentSlug: bridge.slug, onDuty: true }), 200).unitId as string;
  // The dispatch routes take a unit that is on duty, so the world's unit is the officer's.
  ids['memberUnitId'] = unitId;
  ids['unitId'] = await onDuty(bridge.identifiers);
  const callFacts = { ...bridge, callId: '' };
  // The world's BOLO is about the registered vehicle, so that a camera hit on its plate is accepted.
  const boloBody = { ...bridgeBody('bridgeIssueBolo', callFacts), subject: { plate } };
  ids['boloId'] = expect(await gamePost('/bolo', boloBody), 200).boloId as string;
  ids['callId'] = expect(await gamePost('/911', bridgeBody('bridgeReport911', callFacts)), 200).callId as string;
  // The officer opens the MDT: its routes take the session the hand-off exchange gives.
  const handoff = expect(
    await gamePost('/mdt-handoff', { identifiers: bridge.identifiers, departmentSlug: bridge.slug, onDuty: true }),
    200,
  );
  const mdt = expect(await http.post('/api/v1/auth/mdt-handoff/exchange', { token: handoff.token }), 200).sessionToken as string;
  // The organisation's first owner, invited by the bootstrap key, and a dispatcher the owner invited:
  // the person routes take the owner's sessions (sign-out its own), the people routes the dispatcher's id.
  const invitation = (role: string) => invite({ key: bootstrapKey }, http, org.organisationId, role);
  // A person's session id is the value of the cookie their browser holds.
  const sessionIdOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
  const ownerName = `owner.${unique()}`;
  const owner = await signUp(http, http.baseUrl, await invitation('owner'), 'World Owner', ownerName);
  const again = await signIn(http, http.baseUrl, ownerName, GOOD_PASSWORD);
  expect(again, 200);
  const leaving = sessionIdOf(sessionCookieOf(again));
  const dispatcher = await signUp(http, http.baseUrl, await invitation('dispatcher'), 'World Dispatcher', `dispatch.${unique()}`);
  ids['personId'] = dispatcher.personId;
  const players = await playerWorld(http, owner, dispatcher.personId, org.organisationId, gameAndApi.game);
  // Signing out everywhere ends every session of its person: the dispatcher's, which nothing else uses.
  const tokens = {
    ...gameAndApi,
    mdt,
    person: sessionIdOf(owner.browser.cookie),
    leaving,
    elsewhere: sessionIdOf(dispatcher.browser.cookie),
  };
  return {
    /** A new player put on duty through /duty; returns the unit. */
    onDuty,
    http,
    /** Sends the world's unit to the world's call, unless it is on it already (or the call is closed). */
    assignWorldUnit: () => operator.post(`/calls/${ids['callId']}/assignments`, { unitId: ids['unitId'] }),
    operator,
    org,
    ids,
    /** The plate of the world's vehicle, the subject of the world's BOLO. */
    plate,
    tokens,
    secrets,
    /** The world's on-duty officer and its department slug. */
    bridge,
    /** The route's path with this world's ids in it. */
    pathOf: (spec: RouteSpec, override: Record<string, string> = {}) =>
      spec.path.replace(/:([A-Za-z]+)/g, (_, name: string) => override[name] ?? players.idOf(spec, name) ?? ids[name] ?? `missing-${name}`),
    idOf: (spec: RouteSpec, name: string) => players.idOf(spec, name) ?? ids[name],
    players,
    /** The path and the query the route cannot answer without: a request that passes validation. */
    urlOf: (spec: RouteSpec, override: Record<string, string> = {}) =>
      spec.path.replace(
        /:([A-Za-z]+)/g,
        (_, name: string) => override[name] ?? players.idOf(spec, name) ?? ids[name] ?? `missing-${name}`,
      ) + (QUERIES[spec.operationId]?.(plate) ?? ''),
    /** The bearer the route's guard wants. */
    tokenOf: (spec: RouteSpec) =>
      spec.guard.kind === 'operator'
        ? bootstrapKey
        : spec.guard.kind === 'credential'
          ? tokens[spec.guard.credential === 'game' ? 'game' : 'api']
          : spec.guard.kind === 'mdt'
            ? tokens.mdt
            : spec.guard.kind === 'person'
              ? spec.operationId === 'signOut'
                ? tokens.leaving
                : spec.operationId === 'signOutEverywhere'
                  ? tokens.elsewhere
                  : tokens.person
              : undefined,
    /** A fresh invitation of the world's organisation, with the role. */
    invitation,
    /** The world owner's username (password: GOOD_PASSWORD). */
    ownerUsername: ownerName,
  };
}

/** A value of the wrong JSON type for the schema. */
export function wrongValue(schema: Record<string, unknown>): unknown {
  const type = schema['type'];
  if (type === 'object' || type === 'array' || type === 'number' || type === 'integer' || type === 'boolean') return 'not that';
  return { not: 'that' };
}

const PASSKEY_SHAPED_REGISTRATION = {
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  rawId: 'AAAAAAAAAAAAAAAAAAAAAA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
};
const PASSKEY_SHAPED_ASSERTION = {
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  rawId: 'AAAAAAAAAAAAAAAAAAAAAA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
};

let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`;

/** A body each route accepts, made fresh for every call (new slugs, plates, characters). */
/** The query a route cannot answer without (its own fields are checked by its own tests). */
const QUERIES: Readonly<Record<string, (plate: string) => string>> = {
  lookUpPlateForDispatch: (plate) => `?plate=${encodeURIComponent(plate)}`,
  lookUpPersonForDispatch: () => '?firstName=Nobody&lastName=Known',
};

export async function validBody(operationId: string, world: Awaited<ReturnType<typeof routeWorld>>): Promise<unknown> {
  switch (operationId) {
    case 'createOrganisation':
      return { name: 'Paleto Bay RP' };
    case 'updateOrganisation':
      return { arrivalRadius: 75 };
    case 'createOperatorKey':
      return { label: 'deputy admin', permissions: ['organisation.settings.manage'] };
    case 'createDepartment':
      return { slug: `dept-${unique()}`, name: 'Rangers' };
    case 'updateDepartment':
    case 'updateUnit':
      return { isActive: true };
    case 'createCharacter':
      return { firstName: 'Franklin', lastName: 'Clinton' };
    case 'addDepartmentMember':
      return { characterId: (await world.org.character()).characterId, callsign: `7-${unique()}` };
    case 'createCredential':
      return { kind: 'generic_api_key', label: 'dashboard', scopes: ['cad.call.view'] };
    case 'createCivilian':
      return { firstName: 'Lamar', lastName: 'Davis', dateOfBirth: '1988-03-03' };
    case 'registerVehicle':
      return { plate: `P${unique()}`.slice(0, 16) };
    case 'issueWarrant':
      return { civilianId: world.ids['civilianId'], status: 'ACTIVE', description: 'failure to appear' };
    // Each edit changes the record, so that each is a write; none moves the world's warrant out of ACTIVE.
    case 'updateCivilian':
      return { licenseStatus: serial++ % 2 === 0 ? 'SUSPENDED' : 'VALID' };
    case 'updateVehicle':
      return { color: serial++ % 2 === 0 ? 'green' : 'black' };
    case 'updateWarrant':
      return { status: 'ACTIVE', description: serial++ % 2 === 0 ? 'failure to appear' : 'failure to pay a fine' };
    case 'publishRelease':
      return { resourceSlug: 'cad-bridge', version: `1.0.${serial++}`, manifest: { files: ['client.lua'] } };
    case 'openCall':
      return { description: 'shots fired', priority: 'P2', mapX: 10, mapY: 20 };
    case 'assignUnit':
      return { unitId: await world.onDuty({ license: `license:${unique()}` }), mapX: 1, mapY: 2 };
    case 'movePin':
      await world.assignWorldUnit();
      return { mapX: 3, mapY: 4 };
    case 'releaseUnit':
      await world.assignWorldUnit();
      return undefined;
    case 'setUnitStatus':
    case 'setUnitStatusByDispatch':
      return { status: 'AVAILABLE', reason: 'back in service' };
    case 'addCallNote':
      return { text: 'caller called back: suspect left on foot' };
    case 'setCallStatus':
      return { status: 'ACTIVE' };
    case 'createBolo':
      return {
        subjectCivilianId: world.ids['civilianId'],
        subjectVehicleId: world.ids['vehicleId'],
        issuingDepartmentId: world.ids['departmentId'],
        severity: 'HIGH',
        scope: 'COMMUNITY',
        subjectDescription: 'black Bravado Buffalo',
        reason: 'plate seen at a robbery',
        narrative: 'witness statement on file',
        internalNotes: 'do not share with the press',
        expiresAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
      };
    case 'setBoloStatus':
      return { status: 'ACKNOWLEDGED' };
    case 'reportBoloHit': {
      // Other routes may have resolved the world's BOLO; a hit needs it active again.
      const path = `/api/v1/records/bolos/${world.ids['boloId']}`;
      const bolo = expect(await world.http.get(path, { token: world.tokens.api }), 200);
      if (!['ISSUED', 'ACKNOWLEDGED', 'HIT_REPORTED'].includes(bolo.status))
        expect(await world.http.patch(`${path}/status`, { status: 'ISSUED' }, { token: world.tokens.api }), 200);
      // As a camera reads it: lower case, with a space; plates compare ignoring both.
      const seen = world.plate.toLowerCase();
      return {
        plate: `${seen.slice(0, 3)} ${seen.slice(3)}`,
        cameraId: 'cam-vinewood-7',
        cameraLabel: 'Vinewood Blvd & Alta',
        mapX: 120.5,
        mapY: -40,
        seenAt: new Date().toISOString(),
      };
    }
    case 'createInvitation':
      return { role: 'dispatcher' };
    case 'changePersonRole':
      return { role: 'supervisor' };
    case 'changeRolePermissions':
      // Each call changes the set, so that each is a write.
      return { role: 'civilian', permissions: serial++ % 2 === 0 ? ['audit.view'] : [] };
    case 'acceptInvitation':
      return { invitation: await world.invitation('civilian') };
    case 'signIn':
      return { username: world.ownerUsername, password: GOOD_PASSWORD };
    case 'signUp':
      return {
        invitation: await world.invitation('officer'),
        displayName: 'Franklin C',
        username: `frank.${unique()}`,
        password: GOOD_PASSWORD,
      };
    case 'turnOffAuthenticator':
    case 'turnOnAuthenticator':
      return { code: '123456' };
    case 'signInSecondStep':
      return { challenge: 'v1.not.a.challenge', code: '123456' };
    // Well-formed, not verifiable: the refusals under test come before any verification.
    case 'registerPasskey':
      return { ceremony: 'v1.not.a.ceremony', name: 'Laptop', credential: PASSKEY_SHAPED_REGISTRATION };
    case 'signInWithPasskey':
      return { ceremony: 'v1.not.a.ceremony', credential: PASSKEY_SHAPED_ASSERTION };
    case 'removePasskey':
      return { passkeyId: 'AAAAAAAAAAAAAAAAAAAAAA' };
    case 'readInvitation':
      return { invitation: await world.invitation('civilian') };
    case 'exchangeGameToken':
      return { clientId: world.secrets.game.clientId, clientSecret: world.secrets.game.clientSecret };
    case 'exchangeApiToken':
      return { clientId: world.secrets.api.clientId, clientSecret: world.secrets.api.clientSecret };
    // The MDT's lookups and BOLO take the bridge's bodies without the identifiers: the session names the officer.
    case 'mdtLookupVehicle':
    case 'mdtLookupPerson':
    case 'mdtWarrantCheck':
    case 'mdtIssueBolo': {
      const bridgeName = {
        mdtLookupVehicle: 'bridgeLookupVehicle',
        mdtLookupPerson: 'bridgeLookupPerson',
        mdtWarrantCheck: 'bridgeWarrantCheck',
        mdtIssueBolo: 'bridgeIssueBolo',
      }[operationId]!;
      const { identifiers: _, ...fields } = bridgeBody(bridgeName, { ...world.bridge, callId: world.ids['callId']! })!;
      return fields;
    }
    case 'mdtAddNote':
      return { text: 'suspect fled north' };
    // The officer's unit takes the world's call: free it first. It leaves the call: send it there first.
    case 'mdtAttach':
      await world.http.delete(`/api/v1/admin/calls/${world.ids['callId']}/assignments/${world.ids['unitId']}`, {
        token: world.operator.key,
      });
      return undefined;
    case 'mdtDetach':
      await world.assignWorldUnit();
      return undefined;
    default:
      return (await world.players.body(operationId)) ?? bridgeBody(operationId, { ...world.bridge, callId: world.ids['callId']! });
  }
}

/** The same body with its first string value replaced by `text` (or, with none, `text` added as a field). */
export function withFirstString(body: unknown, text: string): unknown {
  let done = false;
  const walk = (value: unknown): unknown => {
    if (done) return value;
    if (typeof value === 'string') {
      done = true;
      return text;
    }
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  const changed = walk(body);
  return done ? changed : { ...(body as object), note: text };
}
