import { BOARD_EVENT, DISPATCH_NAMESPACE, POSITION_BATCH_MS } from './dispatch-namespace.ts';

/** The dispatchers' channel in the AsyncAPI document (decision 0066), beside the waypoint channel. */

const uuid = { type: 'string', format: 'uuid' } as const;
const date = { type: 'string', format: 'date-time' } as const;
const nullableNumber = { type: ['number', 'null'] } as const;
const unitStatus = { type: 'string', enum: ['AVAILABLE', 'EN_ROUTE', 'ON_SCENE', 'BUSY', 'OUT_OF_SERVICE', 'OFF_DUTY'] } as const;
const object = (properties: Record<string, unknown>) => ({ type: 'object', required: Object.keys(properties), properties });

const assignment = {
  type: ['object', 'null'],
  description: 'The call the unit is sent to, with its pin (null coordinates when the assignment has no pin); null when it has none.',
  required: ['callId', 'callNumber', 'mapX', 'mapY'],
  properties: { callId: uuid, callNumber: { type: 'string' }, mapX: nullableNumber, mapY: nullableNumber },
};
const unit = object({
  unitId: uuid,
  unitLabel: { type: 'string', description: 'The unit’s callsign.' },
  departmentId: uuid,
  characterId: { ...uuid, description: 'The character the unit belongs to: its presence claim names it.' },
  status: unitStatus,
  statusChangedAt: date,
  assignment,
});
const note = object({
  noteId: uuid,
  text: { type: 'string' },
  author: object({ kind: { type: 'string', enum: ['unit', 'credential', 'operator', 'person'] }, label: { type: 'string' } }),
  at: date,
});
const call = object({
  callId: uuid,
  callNumber: { type: 'string' },
  departmentId: uuid,
  origin: { type: 'string', enum: ['panic', 'emergency_911', 'dispatch'] },
  priority: { type: 'string', enum: ['P1', 'P2', 'P3', 'P4'] },
  status: { type: 'string', enum: ['PENDING', 'ACTIVE', 'CLOSED'] },
  description: { type: 'string' },
  mapX: nullableNumber,
  mapY: nullableNumber,
  createdAt: date,
  notes: { type: 'array', items: note, description: 'The call’s timeline notes, oldest first.' },
});
const position = object({
  unitId: uuid,
  unitLabel: { type: 'string' },
  status: unitStatus,
  mapX: { type: 'number' },
  mapY: { type: 'number' },
  reportedAt: date,
});

const presenceClaim = object({
  characterId: uuid,
  renewedAt: date,
  expiresAt: { ...date, description: 'Until when the player counts as connected; a claim not renewed by then has lapsed.' },
});

const event = (type: string | string[], properties: Record<string, unknown>) => ({
  type: 'object',
  required: ['type', 'emittedAt', ...Object.keys(properties)],
  properties: {
    type: Array.isArray(type) ? { type: 'string', enum: type } : { const: type },
    emittedAt: { ...date, description: 'When the service sent it.' },
    ...properties,
  },
});

const message = (title: string, summary: string, payload: Record<string, unknown>) => ({
  name: BOARD_EVENT,
  title,
  summary,
  contentType: 'application/json',
  payload,
});

const MESSAGES = {
  boardSnapshot: message(
    'snapshot',
    'Sent once, as the board connects: everything it shows.',
    event('snapshot', {
      organisation: object({
        organisationId: uuid,
        name: { type: 'string' },
        mapType: { type: 'string', enum: ['game_tiles', 'static_image'] },
        map: {
          type: ['object', 'null'],
          description:
            'The operator’s map layer: a tile URL template (`game_tiles`) or an image (`static_image`) over game-coordinate bounds; null for a plain grid.',
          required: ['tileUrlTemplate', 'imageUrl', 'bounds'],
          properties: {
            tileUrlTemplate: { type: ['string', 'null'] },
            imageUrl: { type: ['string', 'null'] },
            bounds: object({ minX: { type: 'number' }, minY: { type: 'number' }, maxX: { type: 'number' }, maxY: { type: 'number' } }),
          },
        },
        staleUnitMinutes: {
          type: 'integer',
          description: 'Minutes without a position after which the board greys a unit (decision 0121).',
        },
      }),
      canManage: { type: 'boolean', description: 'Whether the key holds `dispatch.manage`, which every action (an operator route) needs.' },
      departments: {
        type: 'array',
        items: object({ departmentId: uuid, slug: { type: 'string' }, name: { type: 'string' }, isActive: { type: 'boolean' } }),
      },
      units: {
        type: 'array',
        description: 'Every active unit on duty, with its last position (null when none was reported in the last two minutes).',
        items: {
          ...unit,
          required: [...unit.required, 'position', 'presence'],
          properties: {
            ...unit.properties,
            position: {
              type: ['object', 'null'],
              required: ['mapX', 'mapY', 'reportedAt'],
              properties: { mapX: { type: 'number' }, mapY: { type: 'number' }, reportedAt: date },
            },
            presence: {
              ...presenceClaim,
              type: ['object', 'null'],
              description:
                'The player’s presence claim (`/presence`), null when none is held: the unit has left the game server once it lapses.',
            },
          },
        },
      },
      calls: { type: 'array', items: call, description: 'Open calls (PENDING, ACTIVE), newest first.' },
    }),
  ),
  boardPositions: message(
    'positions',
    `Units’ latest positions from \`/location\` heartbeats, coalesced per unit and sent together at most every ${POSITION_BATCH_MS} ms per organisation. Never stored.`,
    event('positions', { positions: { type: 'array', items: position } }),
  ),
  boardPresence: message(
    'presence',
    'Claims a `/presence` heartbeat renewed, after its commit: a unit whose claim is not renewed by its `expiresAt` has left the game server (decision 0121).',
    event('presence', { claims: { type: 'array', items: presenceClaim } }),
  ),
  boardUnitChanged: message(
    'unit change',
    'A unit’s status changed, or its assignment was made, moved or ended (or another of its fields changed): the whole unit as the change left it. A unit whose status is OFF_DUTY leaves the map.',
    event(['unit.status_changed', 'assignment.created', 'assignment.updated', 'assignment.removed', 'unit.updated'], { unit }),
  ),
  boardCallChanged: message(
    'call change',
    'A call was opened (911, panic, dispatcher), changed, given a note or closed: the call as the change left it, and the notes this change added. Notes never change and are never removed, so keep every note heard of, by `noteId`: the call of a `call.note_added` may carry the call’s own fields and only the notes this change added (a player’s or an MDT’s note: its writer reads none of the call’s earlier notes, decision 0151), and writers of notes on one call write at the same time (decision 0149); the snapshot and every other change carry the call’s whole timeline as its writer read it.',
    event(['call.opened', 'call.updated', 'call.note_added', 'call.closed'], { call, notes: { type: 'array', items: note } }),
  ),
};

const refs = (prefix: string) => Object.keys(MESSAGES).map((name) => ({ $ref: `${prefix}/${name}` }));

export const dispatchAsyncApi = {
  description: `Dispatch boards connect to \`${DISPATCH_NAMESPACE}\` with \`io(BASE + "${DISPATCH_NAMESPACE}", { auth: { key, organisationId } })\`, where \`key\` is an operator key of the organisation holding \`dispatch.view\` or \`dispatch.manage\` (or, from the service's own page, a person's session cookie whose role holds one); a refused handshake is a \`connect_error\` whose \`data.reason\` is \`invalid_key\` (unknown, revoked, ended or another organisation's, alike), \`forbidden\` (the organisation's, without the permission) or \`organisation_required\`. The key or session and its permission are judged again while the board is connected; a board whose right has ended is disconnected by the server. The board receives \`snapshot\` first, then every committed change of the organisation and its units’ positions, on every instance, once. Deltas carry whole records, so a delta that arrives before the snapshot is applied after it. Clients send nothing; actions are the operator routes, which need \`dispatch.manage\`.`,
  channel: {
    address: DISPATCH_NAMESPACE,
    title: 'The dispatchers’ namespace',
    description: `The Socket.IO namespace; every message is the one event \`${BOARD_EVENT}\`.`,
    messages: Object.fromEntries(Object.keys(MESSAGES).map((name) => [name, { $ref: `#/components/messages/${name}` }])),
  },
  operation: {
    action: 'send',
    title: 'Dispatch board',
    summary: 'The service sends the snapshot, then positions and each committed change of the board’s organisation.',
    channel: { $ref: '#/channels/dispatch' },
    messages: refs('#/channels/dispatch/messages'),
  },
  securityScheme: {
    type: 'apiKey',
    in: 'user',
    description: 'An operator key of the organisation (or the bootstrap key), sent as the handshake `auth.key` with `auth.organisationId`.',
  },
  messages: MESSAGES,
};
