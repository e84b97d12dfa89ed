// What the MDT shows, drawn from the routes' answers. Every name, description, note and plate is
// another party's text: it goes in through the shared helpers (as text, isolated), never as HTML.
import { byId, el, fillRows, own, phrase, when } from '/shared/dom.js';

const STATUS_WORDS = {
  AVAILABLE: 'Available',
  EN_ROUTE: 'En route',
  ON_SCENE: 'On scene',
  BUSY: 'Busy',
  OFF_DUTY: 'Off duty',
};
const statusWords = (status) => STATUS_WORDS[status] ?? status;
const pin = (x, y) => (x === null || y === null ? 'No pin' : `${x}, ${y}`);

/** The header and the status panel: who is signed in, the tier, the unit. */
export function showSelf(me) {
  const who = byId('who');
  who.replaceChildren(...phrase`${me.characterName} · ${me.departmentName ?? 'no department'}`.nodes());
  who.hidden = false;
  const tier = byId('tier');
  tier.textContent = me.tier === 'full' ? 'Full access' : 'Read-only';
  tier.dataset.tier = me.tier;
  tier.hidden = false;
  byId('unit-label').replaceChildren(me.unit === null ? own('No unit in this department') : el('span', { text: me.unit.unitLabel }));
  byId('unit-status').textContent = me.unit === null ? '—' : statusWords(me.unit.status);
  // A read-only session shows no write action at all.
  for (const node of document.querySelectorAll('[data-write]')) node.hidden = me.tier !== 'full';
}

/** The assignment panel: the call, its pin, the units on it and its timeline. */
export function showAssignment(assignment) {
  byId('assignment-empty').hidden = assignment !== null;
  byId('assignment-call').hidden = assignment === null;
  if (assignment === null) return;
  byId('assignment-number').replaceChildren(el('span', { text: assignment.callNumber }));
  byId('assignment-priority').textContent = assignment.priority;
  byId('assignment-description').replaceChildren(el('span', { text: assignment.description }));
  byId('assignment-pin').textContent = pin(assignment.pinX ?? assignment.mapX, assignment.pinY ?? assignment.mapY);
  byId('assignment-units').replaceChildren(
    ...assignment.units.flatMap((unit, index) => [
      ...(index > 0 ? [own(', ')] : []),
      ...phrase`${unit.unitLabel} (${statusWords(unit.status)})`.nodes(),
    ]),
  );
  const notes = assignment.notes.map((note) =>
    el(
      'li',
      { 'data-event': note.eventId },
      el('span', { text: note.text }),
      el('span', { class: 'meta' }, ...phrase`${note.author?.label ?? 'Dispatch'} · ${when(note.at)}`.nodes()),
    ),
  );
  byId('timeline').replaceChildren(...(notes.length > 0 ? notes : [el('li', { class: 'muted' }, own('No notes yet.'))]));
}

/** The department's open calls; `attach(callId)` runs when Attach is pressed (full tier only). */
export function showCalls(calls, { tier, assignedCallId, attach }) {
  const rows = calls.map((call) =>
    el(
      'tr',
      {},
      el('td', { text: call.callNumber }),
      el('td', { text: call.priority }),
      el('td', {}, own(call.status === 'PENDING' ? 'Pending' : 'Active')),
      el('td', { text: call.description }),
      el(
        'td',
        {},
        tier === 'full' && call.callId !== assignedCallId
          ? el('button', { type: 'button', 'aria-label': phrase`Attach to ${call.callNumber}`, onclick: () => attach(call) }, own('Attach'))
          : call.callId === assignedCallId
            ? own('Your call')
            : null,
      ),
    ),
  );
  fillRows(byId('call-rows'), rows, 5, 'No open calls in your department.');
}

/** A plate lookup's answer. */
export function showVehicle(answer, plate) {
  if (!answer.found) return el('p', {}, ...phrase`No vehicle with the plate ${plate}.`.nodes());
  const v = answer.vehicle;
  return el(
    'dl',
    { class: 'facts', 'aria-label': 'Vehicle' },
    el('dt', {}, own('Plate')),
    el('dd', { text: v.plate }),
    el('dt', {}, own('Vehicle')),
    el('dd', { text: [v.color, v.make, v.model].filter(Boolean).join(' ') || '—' }),
    el('dt', {}, own('Registration')),
    el('dd', { text: v.registrationStatus }),
    el('dt', {}, own('Owner')),
    el('dd', { text: v.ownerDisplayName ?? '—' }),
  );
}

/** A person lookup's answer. */
export function showPeople(answer, name) {
  if (!answer.found) return el('p', {}, ...phrase`Nobody named ${name} on record.`.nodes());
  return el(
    'ul',
    { 'aria-label': 'People found' },
    ...answer.matches.map((person) =>
      el(
        'li',
        {},
        ...phrase`${`${person.firstName} ${person.lastName}`}, born ${person.dateOfBirth ?? 'unknown'}, licence ${person.licenseStatus ?? 'unknown'}`.nodes(),
      ),
    ),
  );
}
