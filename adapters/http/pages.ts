import { loadAccountPage } from '../web-account/index.ts';
import { loadAdminPage } from '../web-admin/index.ts';
import { loadMdtPage } from '../web-mdt/index.ts';
import { loadDispatchPage } from '../web-dispatch/index.ts';
import { loadSharedAssets } from '../web-shared/index.ts';
import { type StaticPage, sameHostOnPort } from './stages/static-pages.ts';

/** What pages' rows may need from the service's settings. */
export interface PageSettings {
  /**
   * The realtime channel's own port when it runs on uWebSockets.js (`REALTIME_PORT`); absent on the
   * HTTP port. A function when it is known only once the channel listens (after the HTTP server).
   */
  readonly realtimePort?: number | (() => number | undefined);
}

/** Where `/` sends a browser: the admin page, where an operator's first hour starts. */
export const HOME_PAGE = '/admin/';

/**
 * The page table: one row per page the service serves. A new page adds one row: its prefix, its
 * files (its own folder, plus any files of an installed package, e.g. Leaflet's `dist/`), and what
 * it adds to the base Content-Security-Policy (e.g. `connect-src` for the realtime port, with
 * `sameHostOnPort`). Every page gets the same security headers (`static-pages.ts`).
 */
export function pageTable(settings: PageSettings = {}): StaticPage[] {
  const realtimePort = () => (typeof settings.realtimePort === 'function' ? settings.realtimePort() : settings.realtimePort) ?? null;
  return [
    { prefix: '/shared', assets: loadSharedAssets() },
    { prefix: '/admin', assets: loadAdminPage() },
    { prefix: '/account', assets: loadAccountPage() },
    {
      prefix: '/mdt',
      assets: loadMdtPage(realtimePort),
      // The MDT channel on REALTIME_PORT (uWS engine); nothing else from elsewhere.
      csp: (request) => {
        const port = realtimePort();
        return { 'connect-src': port === null ? [] : sameHostOnPort(request, port) };
      },
    },
    {
      prefix: '/dispatch',
      assets: loadDispatchPage(realtimePort),
      // The live channel on REALTIME_PORT (uWS engine); map tiles and images from the operator's
      // tile server (decision 0068). Scripts and styles stay the service's own.
      csp: (request) => {
        const port = realtimePort();
        return { 'connect-src': port === null ? [] : sameHostOnPort(request, port), 'img-src': ['https:'] };
      },
    },
  ];
}
