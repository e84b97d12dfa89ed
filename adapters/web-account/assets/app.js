// A person's own page: sign in, accept an invitation (/account/#invitation=<token>), and, signed in,
// the profile, organisations and sessions. The session is an HttpOnly cookie the service sets; this
// page never sees it. Requests go to this service only, with its own Origin, as every page's do.
import { byId, el, fillRows, own, phrase, say, when } from '/shared/dom.js';
import { externalProviders, showExternalSignIn } from '/shared/external-sign-in.js';

const SCREENS = ['sign-in', 'join', 'account'];
const ROLE_WORDS = {
  owner: 'Owner',
  admin: 'Admin',
  supervisor: 'Supervisor',
  dispatcher: 'Dispatcher',
  officer: 'Officer',
  civilian: 'Civilian',
};

class ApiError extends Error {
  constructor(status, body) {
    const details = Array.isArray(body?.details) ? body.details.map((d) => `${d.field} ${d.message}`).join('; ') : '';
    super([body?.message, details].filter(Boolean).join(' ') || `The service answered ${status}.`);
    this.status = status;
  }
}

async function send(method, path, body) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
    credentials: 'same-origin',
    referrerPolicy: 'no-referrer',
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

function show(name) {
  for (const screen of SCREENS) byId(`${screen}-screen`).hidden = screen !== name;
  byId('nav').hidden = name !== 'account';
  const heading = byId(`${name}-screen`).querySelector('h2');
  heading.tabIndex = -1;
  heading.focus();
}

/** The invitation in the address's fragment, taken out of the address bar (and the history) at once. */
function takeInvitation() {
  const match = /^#invitation=(.+)$/.exec(location.hash);
  if (match === null) return null;
  history.replaceState(null, '', location.pathname + location.search);
  return decodeURIComponent(match[1]);
}

let invitation = null;

/** What a sign-in at a provider came back to say (`/account/?signin=<code>`), in this page's words. */
const SIGN_IN_NEWS = {
  connected: ['The provider is connected: you can sign in with it from now on.', 'success'],
  waiting: ['Your account was made and waits for the organisation’s approval; you can sign in once an admin approves it.', 'info'],
  pending: ['Your account waits for an organisation’s approval.', 'info'],
  disabled: ['Your account is disabled.', 'error'],
  'no-account': [
    'No account here is connected to that sign-in. Ask your community’s admins for an invitation, or sign in and connect it.',
    'error',
  ],
  invitation: ['This invitation was used, has expired or does not exist. Ask for a new one.', 'error'],
  closed: ['This organisation admits only people it invites: no account was made.', 'error'],
  taken: ['That sign-in is connected to another account already.', 'error'],
  denied: ['The sign-in was cancelled at the provider.', 'error'],
  unavailable: ['The sign-in provider does not answer; try again later.', 'error'],
  failed: ['The sign-in did not complete; try again.', 'error'],
};

/** The news in the address's query, taken out of the address bar at once. */
function takeSignInNews() {
  const code = new URLSearchParams(location.search).get('signin');
  if (code === null) return null;
  history.replaceState(null, '', location.pathname + location.hash);
  return SIGN_IN_NEWS[code] ?? SIGN_IN_NEWS.failed;
}

/** Where a new member lands after joining with a provider: the screen their role works on. */
const LANDING = { owner: '/admin/', admin: '/admin/', supervisor: '/dispatch/', dispatcher: '/dispatch/' };

async function openJoin() {
  show('join');
  try {
    const offer = await send('POST', '/api/v1/auth/invitation', { invitation });
    byId('join-offer').replaceChildren(
      ...phrase`You are invited to ${offer.organisationName} as ${ROLE_WORDS[offer.role] ?? offer.role}.`.nodes(),
    );
    await showExternalSignIn(byId('external-join'), { invitation, returnTo: LANDING[offer.role] ?? '/account/' });
  } catch (error) {
    invitation = null;
    byId('join-form').hidden = true;
    say(
      byId('join-status'),
      error.status === 404 ? 'This invitation was used, has expired or does not exist. Ask for a new one.' : error.message,
      'error',
    );
  }
}

async function openAccount() {
  let account;
  try {
    const { signedIn } = await send('GET', '/api/v1/auth/session');
    if (!signedIn) return invitation === null ? openSignIn() : openJoin();
    account = await send('GET', '/api/v1/account');
  } catch (error) {
    if (error.status === 401) return invitation === null ? openSignIn() : openJoin();
    return say(byId('page-status'), error.message, 'error');
  }
  byId('whoami').hidden = false;
  byId('whoami').replaceChildren(...phrase`Signed in: ${account.displayName}`.nodes());
  byId('profile-display-name').replaceChildren(el('bdi', { text: account.displayName }));
  byId('profile-username').replaceChildren(account.username === null ? own('—') : el('bdi', { text: account.username }));
  fillRows(
    byId('organisation-rows'),
    account.organisations.map((o) => el('tr', {}, el('td', { text: o.name }), el('td', {}, own(ROLE_WORDS[o.role] ?? o.role)))),
    2,
    'You belong to no organisation yet.',
  );
  byId('two-step-state').replaceChildren(
    own(
      account.authenticator
        ? 'On: signing in asks for your authenticator’s code after the password.'
        : 'Off: your password alone signs you in.',
    ),
  );
  byId('start-authenticator').hidden = account.authenticator;
  byId('authenticator-off-form').hidden = !account.authenticator;
  fillRows(
    byId('session-rows'),
    account.sessions.map((s) =>
      el(
        'tr',
        {},
        el('td', {}, el('bdi', { text: s.userAgent || 'Unknown browser' }), s.current ? own(' (this browser)') : null),
        el('td', {}, own(when(s.createdAt))),
        el('td', {}, own(when(s.lastSeenAt))),
      ),
    ),
    3,
    'No open session.',
  );
  await showProviders();
  show('account');
}

async function openSignIn() {
  await showExternalSignIn(byId('external-sign-in'), { returnTo: '/account/' });
  show('sign-in');
}

/** The providers connected to the account, and a `Connect <name>` link for each other one. */
async function showProviders() {
  const [all, mine] = await Promise.all([externalProviders(), send('GET', '/api/v1/account/external').catch(() => ({ providers: [] }))]);
  byId('providers-section').hidden = all.length === 0;
  const connected = new Set(mine.providers.map((p) => p.id));
  byId('connected-providers').replaceChildren(
    ...(mine.providers.length === 0
      ? [el('li', {}, own('None connected yet.'))]
      : mine.providers.map((p) => el('li', {}, own('Connected: '), el('bdi', { text: p.name })))),
  );
  byId('connect-providers').replaceChildren(
    ...all
      .filter((p) => !connected.has(p.id))
      .map((p) =>
        el(
          'li',
          {},
          el(
            'a',
            { href: `/api/v1/account/external/${encodeURIComponent(p.id)}/connect`, class: 'provider' },
            own('Connect '),
            el('bdi', { text: p.name }),
          ),
        ),
      ),
  );
}

/** A sign-in waiting for the authenticator's code: the sealed challenge the password gave. */
let challenge = null;

byId('sign-in-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const password = byId('sign-in-password');
  try {
    const answer = await send('POST', '/api/v1/auth/sign-in', { username: byId('sign-in-username').value, password: password.value });
    password.value = '';
    if (answer.secondStep) {
      challenge = answer.challenge;
      byId('sign-in-form').hidden = true;
      byId('second-step-form').hidden = false;
      say(byId('sign-in-status'), '');
      return byId('second-step-code').focus();
    }
    await openAccount();
  } catch (error) {
    password.value = '';
    say(byId('sign-in-status'), error.message, 'error');
  }
});

byId('second-step-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const code = byId('second-step-code');
  try {
    await send('POST', '/api/v1/auth/sign-in/second-step', { challenge, code: code.value });
    challenge = null;
    code.value = '';
    await openAccount();
  } catch (error) {
    code.value = '';
    say(byId('sign-in-status'), error.message, 'error');
  }
});

byId('start-authenticator').addEventListener('click', async () => {
  try {
    const started = await send('POST', '/api/v1/account/authenticator');
    byId('authenticator-key').textContent = started.secret;
    byId('authenticator-address').textContent = started.address;
    byId('authenticator-setup').hidden = false;
    byId('authenticator-code').focus();
  } catch (error) {
    say(byId('two-step-status'), error.message, 'error');
  }
});

byId('authenticator-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  try {
    const { recoveryCodes } = await send('POST', '/api/v1/account/authenticator/confirm', { code: byId('authenticator-code').value });
    byId('authenticator-setup').hidden = true;
    byId('recovery-codes').replaceChildren(...recoveryCodes.map((code) => el('li', {}, own(code))));
    byId('recovery-codes-shown').hidden = false;
    byId('start-authenticator').hidden = true;
    byId('authenticator-off-form').hidden = false;
    byId('two-step-state').replaceChildren(own('On: signing in asks for your authenticator’s code after the password.'));
    say(byId('two-step-status'), 'Two-step sign-in is on.', 'success');
  } catch (error) {
    say(byId('two-step-status'), error.message, 'error');
  }
});

byId('join-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const password = byId('join-password');
  try {
    await send('POST', '/api/v1/auth/sign-up', {
      invitation,
      displayName: byId('join-display-name').value,
      username: byId('join-username').value,
      password: password.value,
    });
    invitation = null;
    password.value = '';
    await openAccount();
  } catch (error) {
    say(byId('join-status'), error.message, 'error');
  }
});

byId('authenticator-off-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const code = byId('authenticator-off-code');
  try {
    await send('POST', '/api/v1/account/authenticator/off', { code: code.value });
    code.value = '';
    byId('recovery-codes-shown').hidden = true;
    await openAccount();
    say(byId('two-step-status'), 'Two-step sign-in is off: your password alone signs you in.', 'success');
  } catch (error) {
    say(byId('two-step-status'), error.message, 'error');
  }
});

byId('sign-out').addEventListener('click', async () => {
  await send('POST', '/api/v1/auth/sign-out').catch(() => undefined);
  window.location.reload();
});

byId('sign-out-everywhere').addEventListener('click', async () => {
  try {
    await send('POST', '/api/v1/auth/sign-out-everywhere');
    window.location.reload();
  } catch (error) {
    say(byId('sessions-status'), error.message, 'error');
  }
});

invitation = takeInvitation();
const news = takeSignInNews();
if (news !== null) say(byId('page-status'), news[0], news[1]);
void openAccount();
