/** Scopes an API credential may hold (section 5.7). There is no wildcard and no admin scope. */
export const API_SCOPES = [
  'cad.unit.view',
  'cad.unit.assign',
  'cad.call.view',
  'cad.call.update',
  'records.bolo.view',
  'records.bolo.create',
  'records.bolo.manage',
  'records.vehicle.view',
  'records.civilian.view',
  'records.warrant.view',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** The only scopes the bridge checks, on `/citation`, `/arrest` and `/bolo` (section 5.6). */
export const BRIDGE_SCOPES = ['game.citation.issue', 'game.arrest.log', 'game.bolo.trigger'] as const;
export type BridgeScope = (typeof BRIDGE_SCOPES)[number];

export type Scope = ApiScope | BridgeScope;

export function isApiScope(value: string): value is ApiScope {
  return (API_SCOPES as readonly string[]).includes(value);
}

export function isBridgeScope(value: string): value is BridgeScope {
  return (BRIDGE_SCOPES as readonly string[]).includes(value);
}

/** What each scope lets a credential do, in the README's words (its Scopes table says the same). */
export const SCOPE_DESCRIPTIONS: Readonly<Record<Scope, string>> = {
  'cad.unit.view': 'list and read units',
  'cad.unit.assign': "set a unit's status",
  'cad.call.view': 'list and read calls',
  'cad.call.update': 'move a call between pending and active',
  'records.bolo.view': 'list and read BOLOs and their hits',
  'records.bolo.create': 'issue a BOLO',
  'records.bolo.manage': "change a BOLO's status, report a camera hit",
  'records.vehicle.view': 'list and read vehicles',
  'records.civilian.view': 'list civilians',
  'records.warrant.view': 'list warrants',
  'game.citation.issue': '`POST /citation`',
  'game.arrest.log': '`POST /arrest`',
  'game.bolo.trigger': '`POST /bolo`',
};

/** The two kinds of credential and what each is for, in the README's words. */
export const CREDENTIAL_KIND_DESCRIPTIONS = {
  game: "a game server's resource: the bridge routes, for one department",
  generic_api_key: 'a dashboard or another system: the API routes of the scopes it holds',
} as const;
