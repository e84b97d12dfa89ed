export {
  GAME_NAMESPACE,
  WAYPOINT_EVENT,
  startRealtime,
  type RealtimeAuthResult,
  type RealtimeEngineChoice,
  type RealtimeGateway,
  type RealtimeOptions,
} from './realtime-gateway.ts';
export { tokenAuthentication } from './token-authentication.ts';
export { type WaypointEvent, waypointPayload } from './waypoint-payload.ts';
export { type FanOut, redisFanOut } from './redis-fan-out.ts';
export { asyncApiDocument } from './asyncapi.ts';
export { BOARD_EVENT, DISPATCH_NAMESPACE, type DispatchOptions, type DispatcherAdmission } from './dispatch-namespace.ts';
export { MDT_EVENT, MDT_NAMESPACE, type MdtAdmission, type MdtOptions } from './mdt-namespace.ts';
