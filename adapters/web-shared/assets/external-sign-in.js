// The "Sign in with <provider>" links of every sign-in screen: one for each OpenID Connect or
// OAuth 2 provider the operator configured (none, and the list stays hidden). A link starts the
// sign-in at the service (`/api/v1/auth/external/<id>/start`), which sends the browser on.
import { el, own } from '/shared/dom.js';

/** The configured providers (`id`, `name`); none when the service does not answer. */
export async function externalProviders() {
  try {
    const response = await fetch('/api/v1/auth/external', { headers: { Accept: 'application/json' }, cache: 'no-store' });
    return response.ok ? (await response.json()).providers : [];
  } catch {
    return [];
  }
}

/** The start address of a provider's sign-in, with what the callback needs (`returnTo`, an `invitation`...). */
export const startAddress = (provider, query) =>
  `/api/v1/auth/external/${encodeURIComponent(provider.id)}/start?${new URLSearchParams(query)}`;

/** Fills `container` with a link per provider (`Sign in with <name>`), or hides it when there is none. */
export async function showExternalSignIn(container, query, providers) {
  const list = providers ?? (await externalProviders());
  container.replaceChildren(
    ...list.map((provider) =>
      el(
        'li',
        {},
        el('a', { href: startAddress(provider, query), class: 'provider' }, own('Sign in with '), el('bdi', { text: provider.name })),
      ),
    ),
  );
  container.hidden = list.length === 0;
  return list;
}
