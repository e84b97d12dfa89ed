import { dispatchAsyncApi } from './asyncapi-dispatch.ts';
import { mdtAsyncApi } from './asyncapi-mdt.ts';
import { GAME_NAMESPACE, RESUMED_EVENT, RESYNC_EVENT, WAYPOINT_EVENT } from './realtime-gateway.ts';

const uuid = { type: 'string', format: 'uuid' } as const;
const common = {
  seq: {
    type: 'integer',
    minimum: 1,
    description:
      'The event’s place in its department’s waypoint sequence: 1, 2, 3... in commit order, without gaps. The one field beyond the contract’s; a client resumes from the last one it saw.',
  },
  emittedAt: { type: 'string', format: 'date-time', description: 'When the service published the change.' },
  departmentId: uuid,
  callId: uuid,
  unitId: uuid,
  unitLabel: { type: 'string', description: 'The unit’s callsign.' },
} as const;
const pinned = {
  ...common,
  callNumber: { type: 'string', examples: ['C-26-000123'] },
  mapX: { type: ['number', 'null'], description: 'Game map units; null when the assignment has no pin.' },
  mapY: { type: ['number', 'null'] },
} as const;

const payload = (type: string, properties: Record<string, unknown>) => ({
  type: 'object',
  required: ['type', ...Object.keys(properties)],
  properties: { type: { const: type }, ...properties },
});

const message = (type: string, summary: string, properties: Record<string, unknown>, example: Record<string, unknown>) => ({
  name: WAYPOINT_EVENT,
  title: type,
  summary,
  contentType: 'application/json',
  payload: payload(type, properties),
  examples: [{ name: type.replace('.', '-'), payload: { type, ...example } }],
});

/** The events of a (re)connection (decision 0091); like `waypoint`, each ends with its offset. */
const sequenceNumber = { type: 'integer', minimum: 0 } as const;
const resumed = {
  name: RESUMED_EVENT,
  title: RESUMED_EVENT,
  summary: 'The socket is up to date: sent once on each (re)connection, after any missed events.',
  description:
    'Where the department’s sequence stands for this socket (`seq`, 0 before the first event), and how many missed events were just sent before it (`replayed`). Events after it are live.',
  contentType: 'application/json',
  payload: {
    type: 'object',
    required: ['seq', 'replayed'],
    properties: { seq: sequenceNumber, replayed: { type: 'integer', minimum: 0 } },
  },
  examples: [{ name: 'resumed', payload: { seq: 45, replayed: 3 } }],
};
const resync = {
  name: RESYNC_EVENT,
  title: RESYNC_EVENT,
  summary: 'The missed events are no longer held: re-read `POST /api/v1/integrations/game/waypoint`.',
  description:
    'Sent on a reconnection instead of the missed events when the log no longer holds all of them (`log_exceeded`: away longer than the log keeps, or the instance that held it restarted) or did not answer (`log_unavailable`); and live, when an event never arrived within the hold, neither sent nor logged (`event_missing`, decision 0110). The client re-reads its waypoints over HTTP; the events after `seq` follow live.',
  contentType: 'application/json',
  payload: {
    type: 'object',
    required: ['reason', 'seq'],
    properties: { reason: { enum: ['log_exceeded', 'log_unavailable', 'event_missing'] }, seq: sequenceNumber },
  },
  examples: [{ name: 'resync', payload: { reason: 'log_exceeded', seq: 10_412 } }],
};

const exampleIds = {
  seq: 42,
  emittedAt: '2026-04-01T12:00:00.000Z',
  departmentId: '6a1f0c2e-4b7d-4e59-9c3a-0d8e2f4b6a71',
  callId: '3f2b8c1e-9d4a-4e7b-8a51-2c6d0e9f1a34',
  unitId: '9b7e5d3c-1a2f-4c6e-8d0b-7f5a3e1c9d24',
  unitLabel: '1-ADAM-12',
};
const examplePin = { ...exampleIds, callNumber: 'C-26-000123', mapX: 215.4, mapY: -1032.8 };

/**
 * The realtime channel in AsyncAPI 3 (section 6; decisions 0025 and 0026): Socket.IO v4 on the
 * namespace `/integrations/game`, one server-sent event `waypoint` whose `type` tells the cases
 * apart. The host is the service's: the HTTP port on the `node` engine, `REALTIME_PORT` on `uws`.
 */
export function asyncApiDocument(): Record<string, unknown> {
  return {
    asyncapi: '3.1.0',
    info: {
      title: 'CAD integration service: realtime waypoint, dispatch and MDT channels',
      version: '1.0.0',
      description:
        'A Socket.IO v4 namespace (Engine.IO over WebSocket, or HTTP long-polling) that pushes waypoint changes to game resources, an alternative to polling `POST /api/v1/integrations/game/waypoint`. Connect a stock client with `io(BASE + "/integrations/game", { auth: { token } })`, where the token is a `game` access token; a refused handshake is a `connect_error` whose `data.reason` is `invalid_token`, `token_expired` or `game_credential_required`. A socket receives the events of its token’s organisation and department only, and only for organisations whose map is `game_tiles`. It is dropped when its token expires; reconnect with a fresh token. Clients send nothing.\n\n' +
        'Resuming (decisions 0090, 0091): each `waypoint` carries `seq`, its place in the department’s sequence (1, 2, 3... in commit order, no gaps), and every event of this namespace ends with a second argument, its offset: the sequence number as a string. A stock `socket.io-client` keeps the last offset and sends it back (with the session id `pid` the server gave it) when it reconnects by itself, also with a fresh token from an `auth` callback; a client that keeps its own place sends `auth: { token, offset }` with the last `seq` it saw (anything but a non-negative integer is refused with `invalid_offset`). The server then sends the missed events from its log, in order, then `waypoint.resumed`. The log keeps each department’s last 10,000 events or 15 minutes, whichever is more (`REALTIME_LOG_MAX_EVENTS`, `REALTIME_LOG_MAX_AGE_S`), in Redis when instances share one, else in the instance’s memory. A client away longer gets `waypoint.resync` instead, and re-reads `/waypoint`.\n\n' +
        dispatchAsyncApi.description +
        '\n\n' +
        mdtAsyncApi.description,
    },
    defaultContentType: 'application/json',
    servers: {
      node: {
        host: '{host}',
        protocol: 'ws',
        pathname: '/socket.io/',
        title: 'The `node` engine',
        description: 'Socket.IO on the HTTP server, on the HTTP port.',
        variables: { host: { default: '127.0.0.1:8080', description: 'The service’s HTTP host and port.' } },
        security: [
          { $ref: '#/components/securitySchemes/gameToken' },
          { $ref: '#/components/securitySchemes/operatorKey' },
          { $ref: '#/components/securitySchemes/mdtSession' },
        ],
      },
      uws: {
        host: '{host}',
        protocol: 'ws',
        pathname: '/socket.io/',
        title: 'The `uws` engine',
        description: 'Socket.IO on uWebSockets.js, on its own port (`REALTIME_PORT`).',
        variables: { host: { default: '127.0.0.1:8081', description: 'The service’s host and `REALTIME_PORT`.' } },
        security: [
          { $ref: '#/components/securitySchemes/gameToken' },
          { $ref: '#/components/securitySchemes/operatorKey' },
          { $ref: '#/components/securitySchemes/mdtSession' },
        ],
      },
    },
    channels: {
      game: {
        address: GAME_NAMESPACE,
        title: 'The game bridge namespace',
        description:
          'The Socket.IO namespace: the event `waypoint` for each change, and `waypoint.resumed` or `waypoint.resync` on each (re)connection.',
        messages: {
          assignmentCreated: { $ref: '#/components/messages/assignmentCreated' },
          assignmentUpdated: { $ref: '#/components/messages/assignmentUpdated' },
          assignmentRemoved: { $ref: '#/components/messages/assignmentRemoved' },
          resumed: { $ref: '#/components/messages/resumed' },
          resync: { $ref: '#/components/messages/resync' },
        },
      },
      dispatch: dispatchAsyncApi.channel,
      mdt: mdtAsyncApi.channel,
    },
    operations: {
      sendWaypoint: {
        action: 'send',
        title: 'Waypoint changes',
        summary: 'The service sends each committed assignment change of the socket’s department, in commit order per call.',
        channel: { $ref: '#/channels/game' },
        messages: [
          { $ref: '#/channels/game/messages/assignmentCreated' },
          { $ref: '#/channels/game/messages/assignmentUpdated' },
          { $ref: '#/channels/game/messages/assignmentRemoved' },
        ],
      },
      sendResumption: {
        action: 'send',
        title: 'Resumption',
        summary:
          'On each (re)connection: the missed `waypoint` events in order, then `waypoint.resumed`; or `waypoint.resync` when the log no longer holds them.',
        channel: { $ref: '#/channels/game' },
        messages: [{ $ref: '#/channels/game/messages/resumed' }, { $ref: '#/channels/game/messages/resync' }],
      },
      sendBoard: dispatchAsyncApi.operation,
      sendMdt: mdtAsyncApi.operation,
    },
    components: {
      securitySchemes: {
        gameToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A `game` access token from `POST /api/v1/integrations/game/token`, sent as the handshake `auth.token`.',
        },
        operatorKey: dispatchAsyncApi.securityScheme,
        mdtSession: mdtAsyncApi.securityScheme,
      },
      messages: {
        assignmentCreated: message('assignment.created', 'A unit was assigned to a call.', pinned, examplePin),
        assignmentUpdated: message('assignment.updated', 'The pin of an assignment moved.', pinned, examplePin),
        assignmentRemoved: message('assignment.removed', 'A unit left a call; no coordinates and no call number.', common, exampleIds),
        resumed,
        resync,
        ...dispatchAsyncApi.messages,
        ...mdtAsyncApi.messages,
      },
    },
  };
}
