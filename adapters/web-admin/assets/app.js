// The admin page's entry: signing in, choosing an organisation, and moving between screens.
import { ApiError, allPages, call, inOrganisation, session } from './api.js';
import { auditScreen } from './audit.js';
import { credentialsScreen } from './credentials.js';
import { byId, el, own, phrase, say } from '/shared/dom.js';
import { showExternalSignIn } from '/shared/external-sign-in.js';
import { gate, may } from './controls.js';
import { onboardingScreen } from './onboarding.js';
import { keysScreen } from './keys.js';
import { peopleScreen } from './people.js';
import { recordsScreen } from './records.js';
import { settingsScreen } from './settings.js';
import { explain } from './words.js';

const SCREENS = ['sign-in', 'organisations', 'credentials', 'onboarding', 'people', 'records', 'settings', 'keys', 'audit'];
const status = byId('page-status');
let me = null;
const currentKey = () => me;
// Made once: each binds its forms' events once, and reads the key signed in when it acts.
const screens = {
  credentials: credentialsScreen(currentKey, failed),
  onboarding: onboardingScreen(currentKey, failed),
  audit: auditScreen(currentKey, failed),
  people: peopleScreen(currentKey, failed),
  records: recordsScreen(currentKey, failed),
  settings: settingsScreen(currentKey, failed),
  keys: keysScreen(currentKey, failed),
};

/** Every message region is emptied when a screen opens: a message belongs to what was just done. */
function clearMessages() {
  for (const region of document.querySelectorAll('.message')) say(region, '');
}

function show(name) {
  for (const screen of SCREENS) byId(`${screen}-screen`).hidden = screen !== name;
  const signedIn = name !== 'sign-in' && name !== 'organisations';
  byId('nav').hidden = name === 'sign-in';
  for (const button of document.querySelectorAll('#nav [data-screen]')) {
    button.hidden = !signedIn;
    if (button.dataset.screen === name) button.setAttribute('aria-current', 'page');
    else button.removeAttribute('aria-current');
  }
  byId('change-organisation').hidden = !(me?.bootstrap && signedIn);
  if (!signedIn) showOrganisation(null);
  const heading = byId(`${name}-screen`).querySelector('h2');
  heading.tabIndex = -1;
  heading.focus();
}

async function open(name) {
  clearMessages();
  show(name);
  try {
    await screens[name].load();
  } catch (error) {
    failed(error);
  }
}

/** The organisation the page acts on, in the header. */
function showOrganisation(name) {
  const shown = byId('current-organisation');
  shown.hidden = name === null;
  shown.replaceChildren(...(name === null ? [] : phrase`Organisation: ${name}`.nodes()));
}

/**
 * Says what went wrong beside what caused it: `region` is the message region next to the form or
 * table acted on, `form` the form whose fields the service named. A key no longer accepted signs out.
 */
function failed(error, region = status, form = null) {
  if (error instanceof ApiError && error.status === 401) {
    const byKey = session.key() !== null;
    session.signOut();
    me = null;
    clearMessages();
    show('sign-in');
    say(
      byId('sign-in-status'),
      byKey ? 'That operator key was not accepted. Sign in again.' : 'Your session has ended. Sign in again.',
      'error',
    );
    return;
  }
  say(region, explain(error, form), 'error');
}

/** The first screen this key may use: credentials, else onboarding, else the audit log. */
function landing() {
  if (may(me, 'integrations.credential.manage')) return 'credentials';
  if (may(me, 'organisation.settings.manage') || may(me, 'roster.manage')) return 'onboarding';
  if (may(me, 'roster.manage')) return 'people';
  if (may(me, 'audit.view')) return 'audit';
  return 'credentials';
}

/** Whether a person is signed in in this browser (asked without a 401 when nobody is). */
async function personSignedIn() {
  const answer = await fetch('/api/v1/auth/session', { cache: 'no-store', credentials: 'same-origin' }).then((r) => r.json());
  return answer.signedIn === true;
}

async function enter() {
  try {
    if (session.key() === null && !(await personSignedIn())) return show('sign-in');
    me = await call('GET', '/me');
  } catch (error) {
    // Without a key, a 401 only means that no person is signed in: the sign-in screen, quietly.
    if (session.key() === null && error instanceof ApiError && error.status === 401) return show('sign-in');
    failed(error, byId('sign-in-status'), byId('sign-in-form'));
    return;
  }
  if (me.personId !== null && me.organisationId === null) {
    show('sign-in');
    say(byId('sign-in-status'), phrase`Signed in as ${me.label}, who belongs to no organisation yet.`, 'error');
    return;
  }
  byId('whoami').hidden = false;
  byId('whoami').replaceChildren(...(me.bootstrap ? [`Signed in: bootstrap key`] : phrase`Signed in: ${me.label}`.nodes()));
  gate(me);
  if (!me.bootstrap) session.choose(me.organisationId);
  if (session.organisation() === null) return chooseOrganisation();
  try {
    showOrganisation(me.bootstrap ? (await call('GET', inOrganisation())).name : me.organisationName);
  } catch (error) {
    // The organisation chosen earlier in this tab may be gone: choose again.
    session.leave();
    await chooseOrganisation();
    failed(error, byId('organisations-status'));
    return;
  }
  await open(landing());
}

async function chooseOrganisation() {
  clearMessages();
  show('organisations');
  try {
    const organisations = await allPages('/organisations');
    byId('organisation-list').replaceChildren(
      ...organisations.map((o) =>
        el(
          'li',
          {},
          el(
            'button',
            {
              type: 'button',
              onclick: () => {
                session.choose(o.organisationId);
                showOrganisation(o.name);
                void open(landing());
              },
            },
            phrase`Open ${o.name}`,
          ),
          el('span', { class: 'muted' }, own(' '), el('code', { text: o.organisationId })),
        ),
      ),
    );
    if (organisations.length === 0)
      byId('organisation-list').replaceChildren(el('li', { class: 'muted' }, own('No organisation yet: create one below.')));
  } catch (error) {
    failed(error, byId('organisations-status'));
  }
}

byId('sign-in-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const field = byId('operator-key');
  session.signIn(field.value.trim());
  field.value = '';
  void enter();
});

byId('organisation-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  try {
    const created = await call('POST', '/organisations', { name: byId('organisation-name').value });
    byId('organisation-name').value = '';
    session.choose(created.organisationId);
    showOrganisation(created.name);
    // A new organisation has nobody yet: its first owner comes first.
    await open('people');
  } catch (error) {
    failed(error, byId('organisations-status'), event.target);
  }
});

for (const button of document.querySelectorAll('#nav [data-screen]')) {
  button.addEventListener('click', () => void open(button.dataset.screen));
}
// A hint's way to the screen it names (e.g. "create a department first on Onboarding").
document.addEventListener('click', (event) => {
  const go = event.target instanceof Element ? event.target.closest('[data-go]') : null;
  if (go && screens[go.dataset.go]) void open(go.dataset.go);
});
byId('change-organisation').addEventListener('click', () => {
  session.leave();
  void chooseOrganisation();
});
// Signing out ends a person's session (or forgets the key) and reloads the page, so nothing shown stays in it.
byId('sign-out').addEventListener('click', async () => {
  if (session.key() === null) await fetch('/api/v1/auth/sign-out', { method: 'POST', credentials: 'same-origin' }).catch(() => undefined);
  session.signOut();
  window.location.reload();
});

// A key signed in in this tab is used; otherwise the page asks whether a person is signed in.
void showExternalSignIn(byId('external-sign-in'), { returnTo: '/admin/' });
void enter();
