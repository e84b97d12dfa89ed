// The MDT's live channel (`/mdt`): the session authenticates the socket; an event about the
// officer's unit or call makes the page read its state again from the routes, which stay the one
// source of what is shown. The channel is on this origin, or on REALTIME_PORT (uWebSockets.js).
import { io } from './socket.io.esm.min.js';

let socket = null;

/** Opens the channel once; `changed(event)` runs for each event, `shown(words)` says whether it is live. */
export async function goLive(token, { changed, shown, ended }) {
  if (socket !== null) return;
  const where = await fetch('realtime.json', { cache: 'no-store' }).then((r) => r.json());
  const base = where.port === null ? location.origin : `${location.protocol}//${location.hostname}:${where.port}`;
  socket = io(`${base}/mdt`, { auth: { token }, transports: ['websocket', 'polling'] });
  socket.on('mdt', changed);
  // A reconnection (the network, a restarted instance) reads everything again from the routes, so an
  // assignment or a note made while the socket was away is shown: the routes are the MDT's resume.
  let connectedBefore = false;
  socket.on('connect', () => {
    shown('Live');
    if (connectedBefore) changed({ type: 'reconnected' });
    connectedBefore = true;
  });
  socket.on('disconnect', (reason) => {
    if (reason !== 'io server disconnect') return shown('Reconnecting…');
    // The service dropped the socket (the session's shift is over, or it no longer stands), and a
    // client never reconnects from that by itself: the routes say which. A 401 closes the MDT
    // ("session ended"); a session that still stands reads again and opens a fresh socket.
    stopLive();
    ended();
  });
  socket.on('connect_error', (error) => {
    if (error?.data?.reason === 'invalid_session') ended();
    else shown('Reconnecting…');
  });
}

export function stopLive() {
  socket?.close();
  socket = null;
}
