import { loadAdminPage } from '../web-admin/index.ts';
import { loadMdtPage } from '../web-mdt/index.ts';
import { loadSharedAssets } from '../web-shared/index.ts';
import type { StaticPage } from './static-pages.ts';

/** What pages' rows may need from the service's settings. */
export interface PageSettings {
  /** The realtime channel's own port when it runs on uWebSockets.js (`REALTIME_PORT`); absent on the HTTP port. */
  readonly realtimePort?: number;
}

/** Where `/` sends a browser: the admin page, where an operator's first hour starts. */
export const HOME_PAGE = '/admin/';

/**
 * The page table: one row per page the service serves. A new page adds one row: its prefix, its
 * files (its own folder, plus any files of an installed package, e.g. Leaflet's `dist/`), and what
 * it adds to the base Content-Security-Policy (e.g. `connect-src` for the realtime port, with
 * `sameHostOnPort`). Every page gets the same security headers (`static-pages.ts`).
 */
export function pageTable(_settings: PageSettings = {}): StaticPage[] {
  return [
    { prefix: '/shared', assets: loadSharedAssets() },
    { prefix: '/admin', assets: loadAdminPage() },
    { prefix: '/mdt', assets: loadMdtPage() },
  ];
}
