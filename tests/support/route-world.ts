import type { RouteSpec } from '../../adapters/http-koa/route-spec.ts';
import type { HttpClient } from './http-client.ts';
import { operatorOf, tokenFor } from './operator-driver.ts';

/** One organisation with one of everything, so that every route of the table has ids to call. */
export async function routeWorld(http: HttpClient, bootstrapKey: string) {
  const operator = operatorOf(http, bootstrapKey);
  const org = await operator.organisation();
  const departmentId = await org.department();
  const { characterId } = await org.character();
  const { unitId } = await org.member(departmentId);
  const game = await org.gameCredential(departmentId, ['game.citation.issue']);
  const api = await org.apiCredential('all');
  const ids: Record<string, string> = { organisationId: org.organisationId, departmentId, characterId, unitId, clientId: api.clientId };
  ids['operatorKeyId'] = (await org.operatorKey(['organisation.settings.manage'], 'world key')).operatorKeyId;
  const tokens = { game: await tokenFor(http, game), api: await tokenFor(http, api) };
  const secrets = { game, api };
  const civilian = await operator.post(`/organisations/${org.organisationId}/civilians`, {
    firstName: 'Trevor',
    lastName: 'Philips',
    dateOfBirth: '1967-06-06',
  });
  ids['civilianId'] = civilian.body.civilianId as string;
  return {
    operator,
    org,
    ids,
    tokens,
    secrets,
    /** The route's path with this world's ids in it. */
    pathOf: (spec: RouteSpec, override: Record<string, string> = {}) =>
      spec.path.replace(/:([A-Za-z]+)/g, (_, name: string) => override[name] ?? ids[name] ?? `missing-${name}`),
    /** The bearer the route's guard wants. */
    tokenOf: (spec: RouteSpec) =>
      spec.guard.kind === 'operator'
        ? bootstrapKey
        : spec.guard.kind === 'credential'
          ? tokens[spec.guard.credential === 'game' ? 'game' : 'api']
          : undefined,
  };
}

/** A value of the wrong JSON type for the schema. */
export function wrongValue(schema: Record<string, unknown>): unknown {
  const type = schema['type'];
  if (type === 'object' || type === 'array' || type === 'number' || type === 'integer' || type === 'boolean') return 'not that';
  return { not: 'that' };
}

let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`;

/** A body each route accepts, made fresh for every call (new slugs, plates, characters). */
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
    case 'publishRelease':
      return { resourceSlug: 'cad-bridge', version: `1.0.${serial++}`, manifest: { files: ['client.lua'] } };
    case 'exchangeGameToken':
      return { clientId: world.secrets.game.clientId, clientSecret: world.secrets.game.clientSecret };
    case 'exchangeApiToken':
      return { clientId: world.secrets.api.clientId, clientSecret: world.secrets.api.clientSecret };
    case 'bridgeSyncVehicle':
      return { identifiers: { license: 'license:world' }, vehicle: { plate: `V${unique()}`.slice(0, 16), make: 'Vapid' } };
    default:
      return undefined;
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
