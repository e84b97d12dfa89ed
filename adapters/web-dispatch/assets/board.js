// The dispatch board's entry: signing in, the live channel, the lists and the actions. Every
// action is an operator route; the channel only tells the board what changed.
import { io } from './socket.io.esm.min.js';
import { byId, el, own, phrase, say } from '/shared/dom.js';
import { showExternalSignIn } from '/shared/external-sign-in.js';
import { boardMap } from './board-map.js';
import { drawCalls, drawDetail, drawUnits } from './board-lists.js';
import { boardState } from './board-state.js';
import { wireLookups } from './board-lookup.js';
import { ApiError, KEY, call } from '/shared/operator-requests.js';

const ORGANISATION = 'cad.dispatch.organisationId';
const status = byId('page-status');
const connection = byId('connection');

let state = boardState();
let socket = null;
let map = null;
const selected = { callId: null, unitId: null };
let lastPlace = null;

/** Runs an action, and says what went wrong when it did. */
async function act(what, action) {
  try {
    await action();
    say(status, what, 'success');
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return signOut(refusedWords());
    say(status, error instanceof ApiError ? error.message : 'The service could not be reached.', 'error');
    return false;
  }
}

// --- Screens.
function show(name) {
  for (const screen of ['sign-in', 'organisations', 'board']) byId(`${screen}-screen`).hidden = screen !== name;
  byId('sign-out').hidden = name === 'sign-in';
}

const refusedWords = () =>
  sessionStorage.getItem(KEY) === null ? 'Your session has ended. Sign in again.' : 'That operator key was not accepted. Sign in again.';

function signOut(message = '') {
  socket?.close();
  socket = null;
  sessionStorage.removeItem(KEY);
  sessionStorage.removeItem(ORGANISATION);
  byId('whoami').hidden = true;
  connection.hidden = true;
  show('sign-in');
  say(status, message, message === '' ? 'info' : 'error');
  return false;
}

async function enter() {
  let me;
  try {
    // Without a key, the board asks whether a person is signed in (no 401 when nobody is).
    if (sessionStorage.getItem(KEY) === null) {
      const answer = await fetch('/api/v1/auth/session', { cache: 'no-store', credentials: 'same-origin' }).then((r) => r.json());
      if (answer.signedIn !== true) return signOut();
    }
    me = await call('GET', '/me');
  } catch (error) {
    // Without a key, a 401 only means that no person is signed in: the sign-in screen, quietly.
    if (error instanceof ApiError && error.status === 401) return signOut(sessionStorage.getItem(KEY) === null ? '' : refusedWords());
    return say(status, 'The service could not be reached.', 'error');
  }
  byId('whoami').hidden = false;
  byId('whoami').replaceChildren(me.bootstrap ? own('Signed in: bootstrap key') : el('span', {}, phrase`Signed in: ${me.label}`));
  if (!me.bootstrap) sessionStorage.setItem(ORGANISATION, me.organisationId);
  if (sessionStorage.getItem(ORGANISATION) === null) return chooseOrganisation();
  return openBoard(sessionStorage.getItem(ORGANISATION));
}

async function chooseOrganisation() {
  show('organisations');
  const answer = await call('GET', '/organisations?limit=200');
  byId('organisation-list').replaceChildren(
    ...answer.items.map((o) =>
      el(
        'li',
        {},
        el(
          'button',
          { type: 'button', onclick: () => (sessionStorage.setItem(ORGANISATION, o.organisationId), openBoard(o.organisationId)) },
          o.name,
        ),
      ),
    ),
  );
}

// --- The live channel.
async function openBoard(organisationId) {
  show('board');
  say(status, '');
  map ??= boardMap(byId('map'), {
    onPlace: (place) => {
      lastPlace = place;
      if (!byId('new-call-form').hidden) fillPlace('new-call', place);
      if (byId('assign-dialog').open) (fillPlace('assign', place), map.moveDraft(place));
    },
    onUnit: (unitId) => select({ unitId }),
    onCall: (callId) => select({ callId }),
    onPinMoved: (unitId, callId, place) => act('Pin moved.', () => call('PATCH', `/calls/${callId}/assignments/${unitId}`, place)),
  });
  const where = await fetch('realtime.json', { cache: 'no-store' }).then((r) => r.json());
  const base = where.port === null ? location.origin : `${location.protocol}//${location.hostname}:${where.port}`;
  state = boardState();
  socket?.close();
  // A key goes in the handshake's auth; a person's session rides in its cookie, from this page's origin.
  const key = sessionStorage.getItem(KEY);
  socket = io(`${base}/dispatch`, {
    auth: key === null ? { organisationId } : { key, organisationId },
    withCredentials: key === null,
    transports: ['websocket', 'polling'],
  });
  let first = true;
  socket.on('board', (event) => {
    if (!state.apply(event)) return;
    if (event.type === 'snapshot' && first) {
      first = false;
      map.showBackground(state.organisation);
    }
    schedule();
  });
  socket.on('connect', () => showConnection('Live'));
  // The service closes a board whose key, session or right has ended: it does not come back by itself.
  socket.on('disconnect', (reason) =>
    reason === 'io server disconnect'
      ? signOut('This board was closed: the access behind it has ended. Sign in again.')
      : showConnection('Reconnecting…'),
  );
  socket.on('connect_error', (error) => {
    if (error?.data?.reason === 'invalid_key') signOut('That operator key may not watch this organisation. Sign in again.');
    else if (error?.data?.reason === 'forbidden')
      signOut('Watching this board needs dispatch.view or dispatch.manage, which you do not hold here.');
    else showConnection('Reconnecting…');
  });
}

function showConnection(text) {
  connection.hidden = false;
  connection.textContent = text;
}

// A unit falls silent without any event saying so: its age is drawn again every few seconds.
setInterval(() => state.ready && schedule(), 5_000);

// --- Drawing, at most once a frame.
let pending = false;
function schedule() {
  if (pending) return;
  pending = true;
  requestAnimationFrame(() => {
    pending = false;
    draw();
  });
}

function select(next) {
  if (next.callId !== undefined) selected.callId = next.callId;
  if (next.unitId !== undefined) {
    selected.unitId = next.unitId;
    const unit = state.units.get(next.unitId);
    if (unit?.assignment) selected.callId = unit.assignment.callId;
  }
  draw();
  const row = document.querySelector(next.unitId ? `tr[data-unit-id="${next.unitId}"]` : `tr[data-call-id="${next.callId}"]`);
  row?.scrollIntoView?.({ block: 'nearest' });
}

function draw() {
  if (!state.ready) return;
  if (selected.callId !== null && !state.calls.has(selected.callId)) selected.callId = null;
  if (selected.unitId !== null && !state.units.has(selected.unitId)) selected.unitId = null;
  map.draw(state, selected);
  drawCalls(state, selected, select);
  drawUnits(state, selected, select, {
    setStatus: (unit, status) => act('Status set.', () => call('PATCH', `/units/${unit.unitId}/status`, { status })),
    release: releaseUnit,
  });
  drawDetail(state, selected);
  const manage = state.canManage;
  byId('read-only').hidden = manage;
  for (const control of document.querySelectorAll('[data-action]')) control.disabled = !manage;
  if (manage) {
    byId('assign-unit').disabled = selected.callId === null;
    byId('close-call').disabled = selected.callId === null;
  }
  fillDepartments();
}

function fillDepartments() {
  const chooser = byId('new-call-department');
  const active = state.departments.filter((d) => d.isActive);
  if (chooser.options.length === active.length) return;
  chooser.replaceChildren(...active.map((d) => el('option', { value: d.departmentId }, d.name)));
}

function fillPlace(prefix, place) {
  byId(`${prefix}-x`).value = String(place.mapX);
  byId(`${prefix}-y`).value = String(place.mapY);
}

// --- Actions.
byId('new-call').addEventListener('click', () => {
  byId('new-call-form').hidden = false;
  if (lastPlace) fillPlace('new-call', lastPlace);
  byId('new-call-description').focus();
});
byId('new-call-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const body = {
    description: byId('new-call-description').value,
    priority: byId('new-call-priority').value,
    mapX: Number(byId('new-call-x').value),
    mapY: Number(byId('new-call-y').value),
  };
  let opened;
  const done = await act('Call opened.', async () => {
    opened = await call('POST', `/departments/${byId('new-call-department').value}/calls`, body);
  });
  if (!done) return;
  byId('new-call-form').reset();
  byId('new-call-form').hidden = true;
  selected.callId = opened.callId;
});

byId('assign-unit').addEventListener('click', () => {
  const current = state.calls.get(selected.callId);
  if (!current) return;
  const free = state
    .unitList()
    .filter((u) => u.assignment === null && (u.departmentId === null || u.departmentId === current.departmentId));
  byId('assign-unit-select').replaceChildren(...free.map((u) => el('option', { value: u.unitId }, u.unitLabel)));
  byId('assign-call').replaceChildren(el('span', {}, phrase`To call ${current.callNumber}: ${current.description}`));
  const place = current.mapX === null ? null : { mapX: current.mapX, mapY: current.mapY };
  if (place) fillPlace('assign', place);
  else ((byId('assign-x').value = ''), (byId('assign-y').value = ''));
  byId('assign-dialog').show();
  map.draft(place, (moved) => fillPlace('assign', moved));
});
for (const id of ['assign-x', 'assign-y'])
  byId(id).addEventListener('input', () => map.moveDraft({ mapX: Number(byId('assign-x').value), mapY: Number(byId('assign-y').value) }));
byId('assign-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const x = byId('assign-x').value;
  const y = byId('assign-y').value;
  const body = { unitId: byId('assign-unit-select').value, ...(x !== '' && y !== '' ? { mapX: Number(x), mapY: Number(y) } : {}) };
  const done = await act('Unit assigned.', () => call('POST', `/calls/${selected.callId}/assignments`, body));
  if (done) closeAssign();
});
function closeAssign() {
  byId('assign-dialog').close();
  map.draft(null);
}

byId('close-call').addEventListener('click', () => {
  const current = state.calls.get(selected.callId);
  if (!current || !confirm(String(phrase`Close call ${current.callNumber}? Every unit on it is released.`))) return;
  act('Call closed.', () => call('POST', `/calls/${current.callId}/close`));
});

function releaseUnit(unit) {
  if (!confirm(String(phrase`Release ${unit.unitLabel} from call ${unit.assignment.callNumber}?`))) return;
  act('Unit released.', () => call('DELETE', `/calls/${unit.assignment.callId}/assignments/${unit.unitId}`));
}

byId('note-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const text = byId('note-text').value;
  if (await act('Note added.', () => call('POST', `/calls/${selected.callId}/notes`, { text }))) byId('note-text').value = '';
});

for (const cancel of document.querySelectorAll('[data-cancel]'))
  cancel.addEventListener('click', () => {
    const form = cancel.closest('form');
    if (form.id === 'assign-form') closeAssign();
    else (form.reset(), (form.hidden = true));
  });

wireLookups({
  call,
  organisationId: () => sessionStorage.getItem(ORGANISATION),
  failed: (error) => {
    if (error instanceof ApiError && error.status === 401) signOut(refusedWords());
    else say(status, error instanceof ApiError ? error.message : 'The service could not be reached.', 'error');
  },
});

byId('sign-in-form').addEventListener('submit', (event) => {
  event.preventDefault();
  sessionStorage.setItem(KEY, byId('operator-key').value);
  byId('operator-key').value = '';
  enter();
});
byId('sign-out').addEventListener('click', async () => {
  if (sessionStorage.getItem(KEY) === null)
    await fetch('/api/v1/auth/sign-out', { method: 'POST', credentials: 'same-origin' }).catch(() => undefined);
  signOut();
});

void showExternalSignIn(byId('external-sign-in'), { returnTo: '/dispatch/' });
// A key signed in in this tab is used; otherwise the board asks whether a person is signed in.
enter();
