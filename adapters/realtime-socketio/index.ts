export {
  GAME_NAMESPACE,
  RESUMED_EVENT,
  RESYNC_EVENT,
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
export type { Handshake } from './admission.ts';
export {
  DEFAULT_WAYPOINT_LOG_BOUNDS,
  MemoryWaypointLog,
  RedisWaypointLog,
  type WaypointLog,
  type WaypointLogBounds,
} from './waypoint-log.ts';
export { MDT_EVENT, MDT_NAMESPACE, type MdtAdmission, type MdtOptions, type MdtPlace } from './mdt-namespace.ts';
