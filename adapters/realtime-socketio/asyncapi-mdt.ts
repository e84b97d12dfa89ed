import { MDT_EVENT, MDT_NAMESPACE } from './mdt-namespace.ts';

/** The officers' MDT channel in the AsyncAPI document (decision 0082), beside the waypoint and dispatch channels. */

const uuid = { type: 'string', format: 'uuid' } as const;
const date = { type: 'string', format: 'date-time' } as const;
const nullableNumber = { type: ['number', 'null'] } as const;

const event = (type: string, properties: Record<string, unknown>) => ({
  type: 'object',
  required: ['type', 'emittedAt', ...Object.keys(properties)],
  properties: { type: { const: type }, emittedAt: { ...date, description: 'When the service sent it.' }, ...properties },
});

const message = (title: string, summary: string, payload: Record<string, unknown>) => ({
  name: MDT_EVENT,
  title,
  summary,
  contentType: 'application/json',
  payload,
});

const MESSAGES = {
  mdtAssignment: message(
    'assignment',
    'The officer’s unit changed: its status, and the call it is on (null when none), with the pin.',
    event('assignment', {
      unitId: uuid,
      status: { type: 'string' },
      assignment: {
        type: ['object', 'null'],
        required: ['callId', 'callNumber', 'mapX', 'mapY'],
        properties: { callId: uuid, callNumber: { type: 'string' }, mapX: nullableNumber, mapY: nullableNumber },
      },
    }),
  ),
  mdtNotes: message(
    'notes',
    'The call the officer’s unit is on got notes: the notes this change added.',
    event('notes', {
      callId: uuid,
      callNumber: { type: 'string' },
      notes: {
        type: 'array',
        items: {
          type: 'object',
          required: ['eventId', 'text', 'author', 'at'],
          properties: {
            eventId: uuid,
            text: { type: 'string' },
            author: {
              type: 'object',
              description: 'Who wrote it: its kind and label, never an id.',
              required: ['kind', 'label'],
              properties: { kind: { type: 'string', enum: ['unit', 'credential', 'operator', 'person'] }, label: { type: 'string' } },
            },
            at: date,
          },
        },
      },
    }),
  ),
};

export const mdtAsyncApi = {
  description: `MDTs connect to \`${MDT_NAMESPACE}\` with \`io(BASE + "${MDT_NAMESPACE}", { auth: { token } })\`, where \`token\` is an MDT session from \`POST /api/v1/auth/mdt-handoff/exchange\` (no other credential passes, and the session passes nowhere else); a refused handshake is a \`connect_error\` whose \`data.reason\` is \`invalid_session\`. The MDT receives its own unit’s changes and the new notes of the call that unit is on, on every instance, once; the socket is dropped when the session ends. Clients send nothing; actions are the MDT routes.`,
  channel: {
    address: MDT_NAMESPACE,
    title: 'The officers’ MDT namespace',
    description: `The Socket.IO namespace; every message is the one event \`${MDT_EVENT}\`.`,
    messages: Object.fromEntries(Object.keys(MESSAGES).map((name) => [name, { $ref: `#/components/messages/${name}` }])),
  },
  operation: {
    action: 'send',
    title: 'MDT',
    summary: 'The service sends each committed change of the officer’s unit, and the notes of its call.',
    channel: { $ref: '#/channels/mdt' },
    messages: Object.keys(MESSAGES).map((name) => ({ $ref: `#/channels/mdt/messages/${name}` })),
  },
  securityScheme: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'An MDT session (a JWT of audience `cad-mdt`), sent as the handshake `auth.token`.',
  },
  messages: MESSAGES,
};
