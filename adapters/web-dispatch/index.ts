import { type PageAsset, type PageAssets, type RealtimePort, livePageAssets, packageFolder, readAssets } from '../web-shared/index.ts';

/** The page's own files, by their name under `/dispatch/`; `''` is the page itself. */
const FILES: Readonly<Record<string, string>> = {
  '': 'index.html',
  'board.css': 'board.css',
  'favicon.svg': 'favicon.svg',
  'board.js': 'board.js',
  'board-lists.js': 'board-lists.js',
  'board-map.js': 'board-map.js',
  'board-state.js': 'board-state.js',
  'board-liveness.js': 'board-liveness.js',
  'board-lookup.js': 'board-lookup.js',
  'leaflet-global.js': 'leaflet-global.js',
};

/**
 * The dispatch board: static files committed beside this module, Leaflet's ES module and
 * stylesheet, Leaflet.markercluster's script and stylesheet and Socket.IO's browser client from
 * their installed packages (no CDN), and
 * `realtime.json`, which says, as each request asks, on which port the channel listens. The
 * board talks to the operator routes and to the `/dispatch` channel only.
 */
export function loadDispatchPage(realtimePort: RealtimePort): PageAssets {
  const assets = new Map<string, PageAsset>([
    ...readAssets(new URL('./assets/', import.meta.url), FILES),
    ...readAssets(`${packageFolder('leaflet')}/dist`, { 'leaflet-src.esm.js': 'leaflet-src.esm.js', 'leaflet.css': 'leaflet.css' }),
    ...readAssets(`${packageFolder('leaflet.markercluster')}/dist`, {
      'leaflet.markercluster-src.js': 'leaflet.markercluster-src.js',
      'MarkerCluster.css': 'MarkerCluster.css',
    }),
  ]);
  return livePageAssets(assets, realtimePort);
}
