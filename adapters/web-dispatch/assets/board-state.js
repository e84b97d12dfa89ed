// What the board knows: units on duty and open calls, rebuilt from the channel's snapshot and kept
// current by its deltas. Deltas carry whole records (a note's call only its new notes, which are
// merged by id, decisions 0149 and 0151), so one that arrives before the snapshot is applied after
// it, and one applied twice changes nothing.
import { livenessOf, serviceClock } from './board-liveness.js';

export function boardState() {
  const state = {
    organisation: null,
    canManage: false,
    departments: [],
    /** unitId -> unit (with `position` when one is known). */
    units: new Map(),
    /** callId -> call. */
    calls: new Map(),
    /** unitId -> when it went off duty: a position sent before that must not bring it back. */
    offDutyAt: new Map(),
    /** characterId -> the player's presence claim ({ renewedAt, expiresAt }), as `/presence` renewed it last. */
    presence: new Map(),
    clock: serviceClock(),
    ready: false,
    early: [],
  };

  const keepPosition = (unit) => ({ ...unit, position: state.units.get(unit.unitId)?.position ?? unit.position ?? null });

  function applyUnit(unit) {
    if (unit.status === 'OFF_DUTY') {
      state.units.delete(unit.unitId);
      state.offDutyAt.set(unit.unitId, unit.statusChangedAt);
      return;
    }
    state.offDutyAt.delete(unit.unitId);
    state.units.set(unit.unitId, keepPosition(unit));
  }

  /**
   * Notes never change and are never removed, and a player's or an MDT's note sends the call with
   * that note alone (decisions 0149 and 0151): the board keeps every note it has heard of, by id, in
   * the order they were written.
   */
  function applyCall(call) {
    if (call.status === 'CLOSED') return void state.calls.delete(call.callId);
    const known = state.calls.get(call.callId);
    state.calls.set(call.callId, known === undefined ? call : { ...call, notes: mergedNotes(known.notes, call.notes) });
  }

  function mergedNotes(known, sent) {
    const byId = new Map(known.map((note) => [note.noteId, note]));
    for (const note of sent) byId.set(note.noteId, note);
    return [...byId.values()].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  }

  function applyPosition(position) {
    const off = state.offDutyAt.get(position.unitId);
    if (off !== undefined && position.reportedAt <= off) return;
    if (position.status === 'OFF_DUTY') return;
    const unit = state.units.get(position.unitId);
    const place = { mapX: position.mapX, mapY: position.mapY, reportedAt: position.reportedAt };
    if (unit === undefined) {
      // A unit whose duty change this board has not seen (it went on duty on another instance's clock).
      state.units.set(position.unitId, {
        unitId: position.unitId,
        unitLabel: position.unitLabel,
        status: position.status,
        departmentId: null,
        assignment: null,
        position: place,
      });
    } else if (unit.position === null || unit.position.reportedAt <= position.reportedAt) {
      state.units.set(position.unitId, { ...unit, unitLabel: position.unitLabel, position: place });
    }
  }

  /** A claim only moves forward, as the service keeps it. */
  function applyClaim(characterId, claim) {
    const known = state.presence.get(characterId);
    if (known === undefined || known.expiresAt < claim.expiresAt) state.presence.set(characterId, claim);
  }

  function applyOne(event) {
    if (event.type === 'positions') for (const position of event.positions) applyPosition(position);
    else if (event.type === 'presence') for (const claim of event.claims) applyClaim(claim.characterId, claim);
    else if (event.unit) applyUnit(event.unit);
    else if (event.call) applyCall(event.call);
  }

  /** Applies one `board` event; returns true when the board should be drawn again. */
  state.apply = (event) => {
    state.clock.heard(event.emittedAt);
    if (event.type === 'snapshot') {
      state.organisation = event.organisation;
      state.canManage = event.canManage;
      state.departments = event.departments;
      state.units = new Map(event.units.map((u) => [u.unitId, u]));
      state.calls = new Map(event.calls.map((c) => [c.callId, c]));
      state.presence = new Map(event.units.filter((u) => u.presence).map((u) => [u.characterId, u.presence]));
      state.ready = true;
      for (const early of state.early.splice(0)) applyOne(early);
      return true;
    }
    if (!state.ready) {
      state.early.push(event);
      return false;
    }
    applyOne(event);
    return true;
  };

  /** Open calls, newest first. */
  state.callList = () => [...state.calls.values()].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  /** Units by callsign. */
  state.unitList = () => [...state.units.values()].sort((a, b) => a.unitLabel.localeCompare(b.unitLabel));
  /** Whether the unit is still heard from, on the service's clock and the organisation's setting. */
  state.livenessOf = (unit) =>
    livenessOf(unit, state.presence.get(unit.characterId), state.clock.now(), state.organisation?.staleUnitMinutes ?? 2);
  state.unitsOn = (callId) => state.unitList().filter((u) => u.assignment?.callId === callId);
  return state;
}
