import { type PageAssets, type RealtimePort, livePageAssets, readAssets } from '../web-shared/index.ts';

/** The page's own files, by their name under `/mdt/`; `''` is the page itself. */
const FILES: Readonly<Record<string, string>> = {
  '': 'index.html',
  'mdt.css': 'mdt.css',
  'app.js': 'app.js',
  'api.js': 'api.js',
  'live.js': 'live.js',
  'screens.js': 'screens.js',
};

/**
 * The MDT, the officer's screen that a game resource opens at `/mdt/` (the page pairs itself with
 * the player's code typed in the game), or with a hand-off token (`/mdt/#handoff=<token>`, the less
 * safe path): static files committed beside this module, Socket.IO's browser client
 * from its installed package (no CDN), and `realtime.json`, which says, as each request asks, on
 * which port the channel listens. It talks to the pairing and hand-off routes, the MDT routes and the `/mdt`
 * channel only, as any browser would; its DOM helpers and base stylesheet are the shared page code.
 */
export function loadMdtPage(realtimePort: RealtimePort): PageAssets {
  return livePageAssets(readAssets(new URL('./assets/', import.meta.url), FILES), realtimePort);
}
