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
