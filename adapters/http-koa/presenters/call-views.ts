import type { Call } from '../../../domain/call/call.ts';

/** A call as a dispatcher sees it: where, how urgent, and its timeline. */
export function callView(call: Call) {
  const s = call.snapshot();
  return {
    callId: s.id,
    callNumber: s.number,
    organisationId: s.organisationId,
    departmentId: s.departmentId,
    status: s.status,
    priority: s.priority,
    origin: s.origin,
    description: s.description,
    mapX: s.location?.x ?? null,
    mapY: s.location?.y ?? null,
    createdAt: s.createdAt.toISOString(),
    closedAt: s.closedAt?.toISOString() ?? null,
    notes: s.notes.map((n) => ({ eventId: n.eventId, text: n.text, author: n.author, at: n.at.toISOString() })),
  };
}
