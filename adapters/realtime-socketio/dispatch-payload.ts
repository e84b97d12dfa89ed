import type { DispatchBoard } from '../../application/dispatch/read-board.ts';
import type { DispatchChange, UnitPosition } from '../../application/ports/dispatch-channel.ts';
import type { CallState, TimelineNote } from '../../domain/call/call.ts';
import type { PresenceClaim } from '../../domain/presence/presence.ts';
import type { UnitState } from '../../domain/unit/unit.ts';

/** The wire shapes of the dispatch channel's one event, `board` (docs/decisions/0066). */
export interface PositionView {
  readonly unitId: string;
  readonly unitLabel: string;
  readonly status: string;
  readonly mapX: number;
  readonly mapY: number;
  readonly reportedAt: string;
}

export const positionView = (p: UnitPosition): PositionView => ({
  unitId: p.unitId,
  unitLabel: p.unitLabel,
  status: p.status,
  mapX: p.mapX,
  mapY: p.mapY,
  reportedAt: p.reportedAt.toISOString(),
});

export const unitView = (u: UnitState) => ({
  unitId: u.id,
  unitLabel: u.callsign ?? '',
  departmentId: u.departmentId,
  characterId: u.characterId,
  status: u.status,
  statusChangedAt: u.statusChangedAt.toISOString(),
  assignment:
    u.assignment === null
      ? null
      : {
          callId: u.assignment.callId,
          callNumber: u.assignment.callNumber,
          mapX: u.assignment.pin?.x ?? null,
          mapY: u.assignment.pin?.y ?? null,
        },
});

export const noteView = (n: TimelineNote) => ({
  noteId: n.eventId,
  text: n.text,
  author: { kind: n.author.kind, label: n.author.label },
  at: n.at.toISOString(),
});

export const callView = (c: CallState) => ({
  callId: c.id,
  callNumber: c.number,
  departmentId: c.departmentId,
  origin: c.origin,
  priority: c.priority,
  status: c.status,
  description: c.description,
  mapX: c.location?.x ?? null,
  mapY: c.location?.y ?? null,
  createdAt: c.createdAt.toISOString(),
  notes: c.notes.map(noteView),
});

export type BoardEvent = { readonly type: string; readonly emittedAt: string } & Record<string, unknown>;

/** A committed change: the unit or the call as it left them (a `call.note_added` of a player's or an MDT's note: the call's fields and only its new notes, decision 0151), and the notes it added. */
export function changePayload(change: DispatchChange, emittedAt: Date): BoardEvent {
  const at = emittedAt.toISOString();
  if (change.subject === 'unit') return { type: change.type, emittedAt: at, unit: unitView(change.unit) };
  return { type: change.type, emittedAt: at, call: callView(change.call), notes: change.notes.map(noteView) };
}

/** A presence claim as the board reads it: whose, and until when the player counts as connected. */
export const presenceView = (c: PresenceClaim) => ({
  characterId: c.characterId,
  renewedAt: c.renewedAt.toISOString(),
  expiresAt: c.expiresAt.toISOString(),
});

/** Claims a `/presence` heartbeat renewed: a unit whose claim is not renewed by its expiry has left the game server. */
export function presencePayload(claims: readonly PresenceClaim[], emittedAt: Date): BoardEvent {
  return { type: 'presence', emittedAt: emittedAt.toISOString(), claims: claims.map(presenceView) };
}

export function positionsPayload(positions: readonly PositionView[], emittedAt: Date): BoardEvent {
  return { type: 'positions', emittedAt: emittedAt.toISOString(), positions };
}

/** What a board receives first: everything it shows, each unit with its last known position. */
export function snapshotPayload(board: DispatchBoard, emittedAt: Date): BoardEvent {
  const positions = new Map(board.positions.map((p) => [p.unitId as string, p]));
  const claims = new Map(board.presence.map((c) => [c.characterId as string, c]));
  const { id, name, settings, mapLayer } = board.organisation.snapshot();
  return {
    type: 'snapshot',
    emittedAt: emittedAt.toISOString(),
    organisation: { organisationId: id, name, mapType: settings.mapType, map: mapLayer, staleUnitMinutes: settings.staleUnitMinutes },
    canManage: board.canManage,
    departments: board.departments.map((d) => {
      const s = d.snapshot();
      return { departmentId: s.id, slug: s.slug, name: s.name, isActive: s.isActive };
    }),
    units: board.units.map((unit) => {
      const position = positions.get(unit.id);
      const state = unit.snapshot();
      const claim = claims.get(state.characterId);
      return {
        ...unitView(state),
        position:
          position === undefined ? null : { mapX: position.mapX, mapY: position.mapY, reportedAt: position.reportedAt.toISOString() },
        presence: claim === undefined ? null : presenceView(claim),
      };
    }),
    calls: board.calls.map((call) => callView(call.snapshot())),
  };
}
