import type { Call } from '../../../domain/call/call.ts';
import type { Unit } from '../../../domain/unit/unit.ts';
import { unitView } from './roster-views.ts';

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

/** A call with the units assigned to it, as the dispatcher and the API both read it. */
export function callWithUnitsView({ call, units }: { readonly call: Call; readonly units: readonly Unit[] }) {
  return { ...callView(call), units: units.map(unitView) };
}
