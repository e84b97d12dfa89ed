import type { CallChange, UnitChange } from '../../application/ports/dispatch-channel.ts';

/**
 * What the MDT channel sends, in its wire shape: the officer's own unit as a change left it (its
 * status and assignment), and the notes a change added to the officer's call. Never a domain object.
 */
export type MdtEvent =
  | {
      readonly type: 'assignment';
      readonly emittedAt: string;
      readonly unitId: string;
      readonly status: string;
      readonly assignment: {
        readonly callId: string;
        readonly callNumber: string;
        readonly mapX: number | null;
        readonly mapY: number | null;
      } | null;
    }
  | {
      readonly type: 'notes';
      readonly emittedAt: string;
      readonly callId: string;
      readonly callNumber: string;
      readonly notes: readonly { readonly eventId: string; readonly text: string; readonly author: unknown; readonly at: string }[];
    };

export function assignmentPayload(change: UnitChange, emittedAt: Date): MdtEvent {
  const { unit } = change;
  const a = unit.assignment;
  return {
    type: 'assignment',
    emittedAt: emittedAt.toISOString(),
    unitId: unit.id,
    status: unit.status,
    assignment: a === null ? null : { callId: a.callId, callNumber: a.callNumber, mapX: a.pin?.x ?? null, mapY: a.pin?.y ?? null },
  };
}

export function notesPayload(change: CallChange, emittedAt: Date): MdtEvent {
  return {
    type: 'notes',
    emittedAt: emittedAt.toISOString(),
    callId: change.call.id,
    callNumber: change.call.number,
    notes: change.notes.map((n) => ({ eventId: n.eventId, text: n.text, author: n.author, at: n.at.toISOString() })),
  };
}
