import { type PageAssets, readAssets } from '../web-shared/index.ts';

/** The page's files, by their name under `/account/`; `''` is the page itself. */
const FILES: Readonly<Record<string, string>> = {
  '': 'index.html',
  'account.css': 'account.css',
  'app.js': 'app.js',
  'passkeys.js': 'passkeys.js',
  'players.js': 'players.js',
  'waiting-identities.js': 'waiting-identities.js',
  // The game-started link (`/account/link#code=...`) is the same page, which reads the fragment.
  link: 'index.html',
};

/**
 * A person's own page (`/account/`): signing in, accepting an invitation (`/account/#invitation=...`),
 * and, signed in, their profile, organisations with roles, passkeys and sessions. It talks to the people
 * routes only, as any browser would; its session is the `HttpOnly` cookie those routes set.
 */
export function loadAccountPage(): PageAssets {
  return readAssets(new URL('./assets/', import.meta.url), FILES);
}
