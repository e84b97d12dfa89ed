// The board's two lists and the selected call's timeline, drawn from its state. Callsigns,
// descriptions and notes are other parties' text: they go in through /shared/dom.js.
import { byId, el, fillRows, own, phrase, when } from '/shared/dom.js';

const STATUSES = ['AVAILABLE', 'EN_ROUTE', 'ON_SCENE', 'BUSY', 'OUT_OF_SERVICE', 'OFF_DUTY'];

/** The Calls table: open calls, newest first; a click selects. */
export function drawCalls(state, selected, select) {
  const rows = state.callList().map((c) => {
    const units = state.unitsOn(c.callId).map((u) => u.unitLabel);
    return el(
      'tr',
      {
        'data-call-id': c.callId,
        class: c.callId === selected.callId ? 'selected' : false,
        'aria-selected': String(c.callId === selected.callId),
        onclick: () => select({ callId: c.callId }),
      },
      el('td', {}, c.callNumber),
      el('td', { class: `priority-${c.priority}` }, c.priority),
      el('td', {}, c.description),
      el('td', {}, c.status),
      el('td', {}, units.length === 0 ? own('—') : units.flatMap((label, i) => (i === 0 ? [label] : [own(', '), label]))),
    );
  });
  fillRows(byId('calls-body'), rows, 5, 'No open calls.');
}

/** The Units table: units on duty, each with its status chooser and, when assigned, its release; a silent unit says since when. */
export function drawUnits(state, selected, select, { setStatus, release }) {
  const rows = state.unitList().map((u) => {
    const chooser = el('select', {
      'aria-label': String(phrase`Status of ${u.unitLabel}`),
      disabled: !state.canManage,
      'data-action': true,
    });
    for (const s of STATUSES) chooser.append(el('option', { value: s, selected: s === u.status }, own(s)));
    chooser.addEventListener('change', () => setStatus(u, chooser.value));
    const releaser = u.assignment
      ? el(
          'button',
          { type: 'button', 'data-action': true, disabled: !state.canManage, onclick: () => release(u) },
          phrase`Release ${u.unitLabel}`,
        )
      : null;
    const liveness = state.livenessOf(u);
    return el(
      'tr',
      {
        'data-unit-id': u.unitId,
        'data-liveness': liveness.kind,
        class: [u.unitId === selected.unitId && 'selected', liveness.greyed && 'greyed'].filter(Boolean).join(' ') || false,
        'aria-selected': String(u.unitId === selected.unitId),
        onclick: (e) => e.target.closest('select,button') || select({ unitId: u.unitId }),
      },
      el('td', {}, u.unitLabel),
      el(
        'td',
        { 'data-status': u.status },
        own(u.status),
        liveness.text ? [own(' '), el('span', { class: 'liveness' }, own(liveness.text))] : null,
      ),
      el('td', {}, u.assignment ? u.assignment.callNumber : own('—')),
      el('td', {}, chooser, releaser),
    );
  });
  fillRows(byId('units-body'), rows, 4, 'No units on duty.');
}

/** The selected call's timeline. */
export function drawDetail(state, selected) {
  const current = selected.callId && state.calls.get(selected.callId);
  byId('call-detail').hidden = !current;
  if (!current) return;
  byId('call-detail-title').replaceChildren(el('span', {}, phrase`Call ${current.callNumber}: ${current.description}`));
  const notes = current.notes.map((n) => el('li', {}, el('span', { class: 'muted' }, phrase`${when(n.at)} ${n.author.label}: `), n.text));
  byId('call-notes').replaceChildren(...(notes.length > 0 ? notes : [el('li', {}, own('No notes yet.'))]));
}
