import { type PageAssets, readAssets } from '../web-shared/index.ts';

/** The page's files, by their name under `/mdt/`; `''` is the page itself. */
const FILES: Readonly<Record<string, string>> = {
  '': 'index.html',
  'mdt.css': 'mdt.css',
  'app.js': 'app.js',
  'api.js': 'api.js',
  'screens.js': 'screens.js',
};

/**
 * The MDT, the officer's screen that a game resource opens with a hand-off token
 * (`/mdt/#handoff=<token>`): static files committed beside this module, read once. It talks to the
 * hand-off exchange and the MDT routes only, as any browser would; its DOM helpers and base
 * stylesheet are the shared page code under `/shared/`.
 */
export function loadMdtPage(): PageAssets {
  return readAssets(new URL('./assets/', import.meta.url), FILES);
}
