// The admin page's entry: signing in, choosing an organisation, and moving between screens.
import { ApiError, allPages, call, session } from './api.js';
import { auditScreen } from './audit.js';
import { credentialsScreen } from './credentials.js';
import { byId, el, say } from '/shared/dom.js';
import { gate } from './controls.js';
import { onboardingScreen } from './onboarding.js';

const SCREENS = ['sign-in', 'organisations', 'credentials', 'onboarding', 'audit'];
const status = byId('page-status');
let me = null;
const currentKey = () => me;
// Made once: each binds its forms' events once, and reads the key signed in when it acts.
const screens = {
  credentials: credentialsScreen(currentKey, failed),
  onboarding: onboardingScreen(currentKey, failed),
  audit: auditScreen(currentKey, failed),
};

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
  const heading = byId(`${name}-screen`).querySelector('h2');
  heading.tabIndex = -1;
  heading.focus();
}

async function open(name) {
  say(status, '');
  show(name);
  try {
    await screens[name].load();
  } catch (error) {
    failed(error);
  }
}

function failed(error) {
  if (error instanceof ApiError && error.status === 401) {
    session.signOut();
    me = null;
    show('sign-in');
    say(status, 'That operator key was not accepted. Sign in again.', 'error');
    return;
  }
  say(status, error instanceof ApiError ? error.message : 'The service could not be reached.', 'error');
}

async function enter() {
  try {
    me = await call('GET', '/me');
  } catch (error) {
    failed(error);
    return;
  }
  const where = me.bootstrap ? 'bootstrap key' : `${me.label}`;
  byId('whoami').hidden = false;
  byId('whoami').textContent = `Signed in: ${where}`;
  gate(me);
  if (!me.bootstrap) session.choose(me.organisationId);
  if (session.organisation() === null) await chooseOrganisation();
  else await open('credentials');
}

async function chooseOrganisation() {
  show('organisations');
  try {
    const organisations = await allPages('/organisations');
    byId('organisation-list').replaceChildren(
      ...organisations.map((o) =>
        el(
          'li',
          {},
          el('button', {
            type: 'button',
            text: `Open ${o.name}`,
            onclick: () => {
              session.choose(o.organisationId);
              void open('credentials');
            },
          }),
          el('span', { class: 'muted', text: ` ${o.organisationId}` }),
        ),
      ),
    );
  } catch (error) {
    failed(error);
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
    await open('credentials');
  } catch (error) {
    failed(error);
  }
});

for (const button of document.querySelectorAll('#nav [data-screen]')) {
  button.addEventListener('click', () => void open(button.dataset.screen));
}
byId('change-organisation').addEventListener('click', () => {
  session.leave();
  void chooseOrganisation();
});
// Signing out forgets the key and reloads the page, so nothing shown under the key stays in it.
byId('sign-out').addEventListener('click', () => {
  session.signOut();
  window.location.reload();
});

if (session.key() === null) show('sign-in');
else void enter();
