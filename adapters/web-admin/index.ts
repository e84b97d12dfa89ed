import { readFileSync } from 'node:fs';
import { API_SCOPES, BRIDGE_SCOPES } from '../../domain/credential/scope.ts';
import { OPERATOR_PERMISSIONS } from '../../domain/operator/operator-key.ts';

/** One file of the admin page, as the browser receives it. */
export interface AdminAsset {
  readonly type: string;
  readonly body: Buffer;
}

/** The page's files, by their name under `/admin/`; `''` is the page itself. */
const FILES: Readonly<Record<string, string>> = {
  '': 'index.html',
  'admin.css': 'admin.css',
  'app.js': 'app.js',
  'api.js': 'api.js',
  'dom.js': 'dom.js',
  'credentials.js': 'credentials.js',
  'onboarding.js': 'onboarding.js',
  'roster.js': 'roster.js',
  'audit.js': 'audit.js',
};

const TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/**
 * The web admin page: static files committed beside this module, read once, plus a catalogue of
 * the scopes and permissions generated from the domain so that the page never repeats them.
 * The page talks to the operator routes only, as any operator's browser would.
 */
export function loadAdminPage(): ReadonlyMap<string, AdminAsset> {
  const assets = new Map<string, AdminAsset>();
  for (const [name, file] of Object.entries(FILES)) {
    const extension = file.slice(file.lastIndexOf('.') + 1);
    assets.set(name, { type: TYPES[extension]!, body: readFileSync(new URL(`./assets/${file}`, import.meta.url)) });
  }
  const catalogue = { apiScopes: API_SCOPES, gameScopes: BRIDGE_SCOPES, permissions: OPERATOR_PERMISSIONS };
  assets.set('catalogue.json', { type: TYPES['json']!, body: Buffer.from(JSON.stringify(catalogue)) });
  return assets;
}
