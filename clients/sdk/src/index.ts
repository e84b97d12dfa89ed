export { CadClient, type CadClientOptions, type RetryEvent } from './client.ts';
export { CadHttpError, CadUnreachableError } from './errors.ts';
export { type LicenceChoice, type PlayerIdentifiers, hasIdentifiers, identifiersFromFiveM } from './identifiers.ts';
export type { Answer, ApiMethods, ArgsOf, BridgeMethods, Input, Outcome } from './operations.ts';
export { REPEATABLE } from './operations.ts';
export { GAME_NAMESPACE, WaypointChannel, type WaypointChannelOptions } from './waypoint-channel.ts';
export { ROUTE_TABLE, type ErrorBody, type OperationId, type RouteTypes, type WaypointEvent } from './generated/routes.ts';
