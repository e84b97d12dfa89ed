import { type PageAsset, type PageAssets, jsonAsset, packageFolder, readAssets } from '../web-shared/index.ts';

/** The page's own files, by their name under `/mdt/`; `''` is the page itself. */
const FILES: Readonly<Record<string, string>> = {
  '': 'index.html',
  'mdt.css': 'mdt.css',
  'app.js': 'app.js',
  'api.js': 'api.js',
  'live.js': 'live.js',
  'screens.js': 'screens.js',
};

/** Where the MDT opens the realtime channel: the uWebSockets.js engine's own port, or null for the page's own origin. */
export type RealtimePort = () => number | null;

/**
 * The MDT, the officer's screen that a game resource opens with a hand-off token
 * (`/mdt/#handoff=<token>`): static files committed beside this module, Socket.IO's browser client
 * from its installed package (no CDN), and `realtime.json`, which says, as each request asks, on
 * which port the channel listens. It talks to the hand-off exchange, the MDT routes and the `/mdt`
 * channel only, as any browser would; its DOM helpers and base stylesheet are the shared page code.
 */
export function loadMdtPage(realtimePort: RealtimePort): PageAssets {
  const assets = new Map<string, PageAsset>([
    ...readAssets(new URL('./assets/', import.meta.url), FILES),
    ...readAssets(`${packageFolder('socket.io-client')}/dist`, { 'socket.io.esm.min.js': 'socket.io.esm.min.js' }),
  ]);
  return new LiveAssets(assets, { 'realtime.json': () => jsonAsset({ port: realtimePort() }) });
}

/** Files read once, plus files made as each request asks for them (as the dispatch board's). */
class LiveAssets extends Map<string, PageAsset> {
  constructor(
    files: Map<string, PageAsset>,
    private readonly live: Readonly<Record<string, () => PageAsset>>,
  ) {
    super(files);
  }

  override get(name: string): PageAsset | undefined {
    return Object.hasOwn(this.live, name) ? this.live[name]!() : super.get(name);
  }

  override has(name: string): boolean {
    return Object.hasOwn(this.live, name) || super.has(name);
  }
}
