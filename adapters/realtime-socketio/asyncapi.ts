import { dispatchAsyncApi } from './asyncapi-dispatch.ts';
import { GAME_NAMESPACE, WAYPOINT_EVENT } from './realtime-gateway.ts';

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
      title: 'CAD integration service: realtime waypoint and dispatch channels',
      version: '1.0.0',
      description:
        'A Socket.IO v4 namespace (Engine.IO over WebSocket, or HTTP long-polling) that pushes waypoint changes to game resources, an alternative to polling `POST /api/v1/integrations/game/waypoint`. Connect a stock client with `io(BASE + "/integrations/game", { auth: { token } })`, where the token is a `game` access token; a refused handshake is a `connect_error` whose `data.reason` is `invalid_token`, `token_expired` or `game_credential_required`. A socket receives the events of its token’s organisation and department only, and only for organisations whose map is `game_tiles`. It is dropped when its token expires; reconnect with a fresh token. Clients send nothing.\n\n' +
        dispatchAsyncApi.description,
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
        security: [{ $ref: '#/components/securitySchemes/gameToken' }, { $ref: '#/components/securitySchemes/operatorKey' }],
      },
      uws: {
        host: '{host}',
        protocol: 'ws',
        pathname: '/socket.io/',
        title: 'The `uws` engine',
        description: 'Socket.IO on uWebSockets.js, on its own port (`REALTIME_PORT`).',
        variables: { host: { default: '127.0.0.1:8081', description: 'The service’s host and `REALTIME_PORT`.' } },
        security: [{ $ref: '#/components/securitySchemes/gameToken' }, { $ref: '#/components/securitySchemes/operatorKey' }],
      },
    },
    channels: {
      game: {
        address: GAME_NAMESPACE,
        title: 'The game bridge namespace',
        description: 'The Socket.IO namespace; every message is the one event `waypoint`.',
        messages: {
          assignmentCreated: { $ref: '#/components/messages/assignmentCreated' },
          assignmentUpdated: { $ref: '#/components/messages/assignmentUpdated' },
          assignmentRemoved: { $ref: '#/components/messages/assignmentRemoved' },
        },
      },
      dispatch: dispatchAsyncApi.channel,
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
      sendBoard: dispatchAsyncApi.operation,
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
      },
      messages: {
        assignmentCreated: message('assignment.created', 'A unit was assigned to a call.', pinned, examplePin),
        assignmentUpdated: message('assignment.updated', 'The pin of an assignment moved.', pinned, examplePin),
        assignmentRemoved: message('assignment.removed', 'A unit left a call; no coordinates and no call number.', common, exampleIds),
        ...dispatchAsyncApi.messages,
      },
    },
  };
}
