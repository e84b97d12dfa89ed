import { API_SCOPES, BRIDGE_SCOPES, CREDENTIAL_KIND_DESCRIPTIONS, SCOPE_DESCRIPTIONS } from '../../domain/credential/scope.ts';
import { OPERATOR_PERMISSIONS } from '../../domain/operator/operator-key.ts';
import { type PageAssets, jsonAsset, readAssets } from '../web-shared/index.ts';

/** The page's files, by their name under `/admin/`; `''` is the page itself. */
const FILES: Readonly<Record<string, string>> = {
  '': 'index.html',
  'admin.css': 'admin.css',
  'app.js': 'app.js',
  'api.js': 'api.js',
  'controls.js': 'controls.js',
  'credentials.js': 'credentials.js',
  'onboarding.js': 'onboarding.js',
  'roster.js': 'roster.js',
  'audit.js': 'audit.js',
  'people.js': 'people.js',
  'settings.js': 'settings.js',
  'keys.js': 'keys.js',
  'records.js': 'records.js',
  'record-forms.js': 'record-forms.js',
  'record-lists.js': 'record-lists.js',
  'record-editor.js': 'record-editor.js',
  'lists.js': 'lists.js',
  'units.js': 'units.js',
  'words.js': 'words.js',
};

/**
 * The web admin page: static files committed beside this module, read once, plus a catalogue of
 * the scopes (with the README's descriptions), kinds and permissions generated from the domain so that the page never repeats them.
 * The page talks to the operator routes only, as any operator's browser would; its DOM helpers
 * and base stylesheet are the shared page code under `/shared/`.
 */
export function loadAdminPage(): PageAssets {
  const assets = readAssets(new URL('./assets/', import.meta.url), FILES);
  const catalogue = {
    apiScopes: API_SCOPES,
    gameScopes: BRIDGE_SCOPES,
    scopeDescriptions: SCOPE_DESCRIPTIONS,
    kindDescriptions: CREDENTIAL_KIND_DESCRIPTIONS,
    permissions: OPERATOR_PERMISSIONS,
  };
  assets.set('catalogue.json', jsonAsset(catalogue));
  return assets;
}
