// The MDT page. Opened as /mdt/ (the game's /mdt), it starts a pairing: it shows a code that the
// player types in the game, and collects its session once the game confirmed it, so no secret is
// ever in an address or in the browser's history. A resource may still open /mdt/#handoff=<token>
// (the less safe path): the token is exchanged at once and taken out of the address bar. The session
// is kept in this tab only. A link or code that was used or expired says so, never a blank page.
import { byId, own, say } from '/shared/dom.js';
import { ApiError, collect, exchange, mdt, session, startPairing } from './api.js';
import { goLive, stopLive } from './live.js';
import { showAssignment, showCalls, showPeople, showSelf, showVehicle } from './screens.js';

const OPEN_AGAIN = 'Open the MDT again from the game.';
const state = { me: null, assignment: null };

function close(message, kind = 'error') {
  stopLive();
  byId('connection').hidden = true;
  session.end();
  byId('mdt-screen').hidden = true;
  for (const id of ['who', 'tier', 'sign-out']) byId(id).hidden = true;
  byId('closed-screen').hidden = false;
  say(byId('closed-message'), own(message), kind);
}

/** A refusal said where it happened; a session that ended closes the MDT. */
function refused(error, region) {
  if (error instanceof ApiError && error.status === 401) return close(`Your MDT session has ended. ${OPEN_AGAIN}`);
  say(region, error instanceof ApiError ? error.message : 'The service cannot be reached; try again in a moment.', 'error');
}

async function takeHandoff() {
  const match = /^#handoff=(.+)$/.exec(location.hash);
  if (match === null) return;
  // The token leaves the address bar (and the history) before anything else happens.
  history.replaceState(null, '', location.pathname + location.search);
  try {
    const granted = await exchange(decodeURIComponent(match[1]));
    if (granted.confirmationCode) return await confirmInGame(granted);
    session.keep(granted.sessionToken);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      return close(`This MDT link was already used, has expired or is not valid. ${OPEN_AGAIN}`);
    }
    return close(error instanceof ApiError ? `${error.message} ${OPEN_AGAIN}` : `The service cannot be reached. ${OPEN_AGAIN}`);
  }
}

/** No session and no hand-off: this page starts its own pairing and shows its code. */
async function pairFromPage() {
  try {
    await confirmInGame(await startPairing());
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return close(`The code was not typed in the game in time. ${OPEN_AGAIN}`);
    return close(error instanceof ApiError ? `${error.message} ${OPEN_AGAIN}` : `The service cannot be reached. ${OPEN_AGAIN}`);
  }
}

const POLL_MS = 2_000;

/**
 * The game showed the link on screen, so the link alone opens nothing: this page shows a code that
 * the player types in the game (`/mdt <code>`), and asks until the game has confirmed it. Whoever
 * else opened the link first holds a code that nobody in the game will type.
 */
async function confirmInGame({ confirmationCode, pairingToken, expiresAt }) {
  byId('confirm-code').textContent = confirmationCode;
  byId('confirm-screen').hidden = false;
  const until = Date.parse(expiresAt);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    try {
      const answer = await collect(pairingToken);
      if (answer.sessionToken) {
        byId('confirm-screen').hidden = true;
        return session.keep(answer.sessionToken);
      }
    } catch (error) {
      byId('confirm-screen').hidden = true;
      if (error instanceof ApiError && error.status === 401) throw error;
      if (!(error instanceof ApiError) && Date.now() < until) continue;
      throw error;
    }
  }
}

export async function refresh() {
  try {
    const [me, { assignment }, { calls }] = await Promise.all([mdt('GET', '/me'), mdt('GET', '/assignment'), mdt('GET', '/calls')]);
    state.me = me;
    state.assignment = assignment;
    showSelf(me);
    showAssignment(assignment);
    showCalls(calls, { tier: me.tier, assignedCallId: assignment?.callId ?? null, attach });
    byId('mdt-screen').hidden = false;
    byId('sign-out').hidden = false;
    goLive(session.token(), { changed: refreshSoon, shown: showConnection, ended: refresh }).catch(() =>
      showConnection('Not live: reload to retry'),
    );
  } catch (error) {
    refused(error, byId('page-status'));
  }
}

/** Several events in a burst (an assignment and its call's update) make one read. */
let pending = null;
function refreshSoon() {
  pending ??= setTimeout(() => {
    pending = null;
    refresh();
  }, 100);
}

function showConnection(words) {
  const connection = byId('connection');
  connection.hidden = false;
  connection.textContent = words;
}

async function attach(call) {
  try {
    await mdt('POST', `/calls/${call.callId}/attach`);
    // The assignment itself, now on screen, says it worked.
    await refresh();
  } catch (error) {
    refused(error, byId('calls-status'));
  }
}

byId('leave-call').addEventListener('click', async () => {
  if (state.assignment === null) return;
  try {
    await mdt('POST', `/calls/${state.assignment.callId}/detach`);
    await refresh();
  } catch (error) {
    refused(error, byId('assignment-status'));
  }
});

// Ends the session on the service (every instance refuses it from now on), then shows the closed screen.
byId('sign-out').addEventListener('click', async () => {
  // The service closes the live channel of a signed-out session: that close is expected, not news.
  stopLive();
  try {
    await mdt('POST', '/sign-out');
  } catch (error) {
    // A session that had ended already is signed out all the same.
    if (!(error instanceof ApiError && error.status === 401)) return refused(error, byId('page-status'));
  }
  close(`You signed out of the MDT. ${OPEN_AGAIN}`, 'info');
});

byId('note-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const text = byId('note-text').value.trim();
  if (text === '' || state.assignment === null) return;
  try {
    await mdt('POST', `/calls/${state.assignment.callId}/notes`, { text });
    byId('note-text').value = '';
    await refresh();
    say(byId('assignment-status'), own('Note added.'), 'success');
  } catch (error) {
    refused(error, byId('assignment-status'));
  }
});

byId('plate-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const plate = byId('plate').value.trim();
  const result = byId('lookup-result');
  try {
    result.replaceChildren(showVehicle(await mdt('POST', '/lookup/vehicle', { plate }), plate));
  } catch (error) {
    refused(error, result);
  }
});

byId('person-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const firstName = byId('first-name').value.trim();
  const lastName = byId('last-name').value.trim();
  const result = byId('lookup-result');
  try {
    result.replaceChildren(showPeople(await mdt('POST', '/lookup/person', { firstName, lastName }), `${firstName} ${lastName}`));
  } catch (error) {
    refused(error, result);
  }
});

async function start() {
  if (location.hash.startsWith('#handoff=')) await takeHandoff();
  else if (session.token() === null) await pairFromPage();
  if (!byId('closed-screen').hidden) return;
  if (session.token() === null) return close(`No MDT session in this tab. ${OPEN_AGAIN}`);
  await refresh();
}

start();
