// A person's own page: sign in, accept an invitation (/account/#invitation=<token>) or join an
// organisation that takes people without one (/account/#join=<organisationId>), and, signed in,
// the profile, organisations and sessions. The session is an HttpOnly cookie the service sets; this
// page never sees it. Requests go to this service only, with its own Origin, as every page's do.
import { byId, el, fillRows, own, phrase, say, when } from '/shared/dom.js';
import { createPasskey, getPasskey, passkeysSupported } from './passkeys.js';
import { showPlayer } from './players.js';
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

/** `#invitation=<token>` or `#join=<organisationId>` in the address, taken out of the address bar (and the history) at once. */
function takeFragment(name) {
  const match = new RegExp(`^#${name}=(.+)$`).exec(location.hash);
  if (match === null) return null;
  history.replaceState(null, '', location.pathname + location.search);
  return decodeURIComponent(match[1]);
}

let invitation = null;
/** The organisation whose join address opened the page, when it takes people without an invitation. */
let joining = null;

const inviteWords = (offer) => phrase`You are invited to ${offer.organisationName} as ${ROLE_WORDS[offer.role] ?? offer.role}.`;
const USED = 'This invitation was used, has expired or does not exist. Ask for a new one.';

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
  const invited = invitation !== null;
  try {
    if (invitation !== null) {
      const offer = await send('POST', '/api/v1/auth/invitation', { invitation });
      byId('join-offer').replaceChildren(...inviteWords(offer).nodes());
      await showExternalSignIn(byId('external-join'), { invitation, returnTo: LANDING[offer.role] ?? '/account/' });
      return;
    }
    const rule = await send('GET', `/api/v1/auth/organisations/${encodeURIComponent(joining)}/joining`);
    byId('join-offer').replaceChildren(
      ...(rule.joinRule === 'open'
        ? phrase`Join ${rule.name}: your account starts as a Civilian.`
        : phrase`Ask to join ${rule.name}: your account waits until one of its admins approves it.`
      ).nodes(),
    );
    await showExternalSignIn(byId('external-join'), { organisationId: joining, returnTo: '/account/' });
  } catch (error) {
    invitation = null;
    joining = null;
    byId('join-form').hidden = true;
    const closed = 'This organisation takes only people it invites. Ask one of its admins for an invitation.';
    say(byId('join-status'), error.status === 404 ? (invited ? USED : closed) : error.message, 'error');
  }
}

/** Signed in with an invitation in the address: one more organisation, taken with a click. */
async function offerInvitation() {
  byId('invitation-offer').hidden = true;
  if (invitation === null) return;
  try {
    byId('invitation-offer-text').replaceChildren(...inviteWords(await send('POST', '/api/v1/auth/invitation', { invitation })).nodes());
    byId('invitation-offer').hidden = false;
  } catch (error) {
    invitation = null;
    say(byId('organisations-status'), error.status === 404 ? USED : error.message, 'error');
  }
}

async function openAccount() {
  let account;
  try {
    const { signedIn } = await send('GET', '/api/v1/auth/session');
    if (!signedIn) return invitation === null && joining === null ? openSignIn() : openJoin();
    account = await send('GET', '/api/v1/account');
  } catch (error) {
    if (error.status === 401) return invitation === null && joining === null ? openSignIn() : openJoin();
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
  await offerInvitation();
  byId('two-step-state').replaceChildren(
    own(
      account.authenticator
        ? 'On: signing in asks for your authenticator’s code after the password.'
        : 'Off: your password alone signs you in.',
    ),
  );
  byId('start-authenticator').hidden = account.authenticator;
  byId('authenticator-off-form').hidden = !account.authenticator;
  await showPasskeys();
  await showPlayer(send, account.organisations[0]).catch((error) => say(byId('characters-status'), error.message, 'error'));
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

/** The person's passkeys, each with its Remove button. */
async function showPasskeys() {
  const passkeys = await send('GET', '/api/v1/account/passkeys');
  fillRows(
    byId('passkey-rows'),
    passkeys.map((p) =>
      el(
        'tr',
        {},
        el('td', {}, el('bdi', { text: p.name })),
        el('td', {}, own(when(p.createdAt))),
        el('td', {}, el('button', { type: 'button', class: 'destructive', onclick: () => removePasskey(p) }, own('Remove'))),
      ),
    ),
    3,
    'No passkey yet.',
  );
}

async function removePasskey(passkey) {
  try {
    await send('POST', '/api/v1/account/passkeys/remove', { passkeyId: passkey.passkeyId });
    await showPasskeys();
    say(byId('passkeys-status'), phrase`Removed ${passkey.name}: it signs nobody in any more.`, 'success');
  } catch (error) {
    say(byId('passkeys-status'), error.message, 'error');
  }
}

/** A browser that was asked and refused (the person cancelled, or no passkey was there) says so by name. */
const passkeyProblem = (error) =>
  error.name === 'NotAllowedError' ? 'No passkey was used: the request was cancelled or timed out.' : error.message;

byId('passkey-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const name = byId('passkey-name');
  try {
    const { ceremony, options } = await send('POST', '/api/v1/account/passkeys/options');
    const credential = await createPasskey(options);
    const added = await send('POST', '/api/v1/account/passkeys', { ceremony, name: name.value, credential });
    name.value = '';
    await showPasskeys();
    say(byId('passkeys-status'), phrase`Added ${added.name}: it signs you in from now on.`, 'success');
  } catch (error) {
    say(byId('passkeys-status'), passkeyProblem(error), 'error');
  }
});

byId('sign-in-passkey').addEventListener('click', async () => {
  try {
    const { ceremony, options } = await send('POST', '/api/v1/auth/passkey/options');
    const credential = await getPasskey(options);
    await send('POST', '/api/v1/auth/passkey', { ceremony, credential });
    await openAccount();
  } catch (error) {
    say(byId('sign-in-status'), passkeyProblem(error), 'error');
  }
});

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
    const answer = await send('POST', '/api/v1/auth/sign-up', {
      ...(invitation !== null ? { invitation } : { organisationId: joining }),
      displayName: byId('join-display-name').value,
      username: byId('join-username').value,
      password: password.value,
    });
    invitation = null;
    joining = null;
    password.value = '';
    if (answer.pending) {
      byId('join-form').hidden = true;
      return say(
        byId('join-status'),
        'Your account is made and waits for approval. Sign in with your username and password once an admin has approved it.',
        'success',
      );
    }
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

byId('accept-invitation').addEventListener('click', async () => {
  try {
    const joined = await send('POST', '/api/v1/account/invitations', { invitation });
    invitation = null;
    await openAccount();
    say(byId('organisations-status'), phrase`You joined ${joined.name} as ${ROLE_WORDS[joined.role] ?? joined.role}.`, 'success');
  } catch (error) {
    say(byId('organisations-status'), error.message, 'error');
  }
});

if (!passkeysSupported()) {
  byId('sign-in-passkey').hidden = true;
  byId('passkey-form').hidden = true;
}
invitation = takeFragment('invitation');
joining = invitation === null ? takeFragment('join') : null;
const news = takeSignInNews();
if (news !== null) say(byId('page-status'), news[0], news[1]);
void openAccount();
