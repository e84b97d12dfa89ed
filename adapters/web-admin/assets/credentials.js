// Credentials: the list (never a secret), creation with the scope checklist, rotation and revocation.
import { allPages, call, inOrganisation } from './api.js';
import { byId, el, fillRows, own, phrase, say, when } from '/shared/dom.js';
import { departmentChoice, may, succeed } from './controls.js';
import { searchableList } from './lists.js';

const catalogue = fetch('catalogue.json', { cache: 'no-store' }).then((r) => r.json());
const MANAGE = 'integrations.credential.manage';

/** The page's own words from the catalogue, with `code` spans where the README has them. */
const described = (text) => text.split('`').map((part, index) => (index % 2 === 1 ? el('code', {}, own(part)) : own(part)));

/** `who()` is the key signed in now; the screen is made once and serves every sign-in. */
export function credentialsScreen(who, failed) {
  const form = byId('credential-form');
  const status = byId('credentials-status');
  const rowsStatus = byId('credential-rows-status');
  const kind = byId('credential-kind');
  const selectAll = byId('select-all-scopes');
  const allowed = () => may(who(), MANAGE);
  let departments = [];

  const scopeBoxes = () => [...byId('scope-list').querySelectorAll('input[type=checkbox]')];

  async function renderScopes() {
    const { apiScopes, gameScopes, scopeDescriptions, kindDescriptions } = await catalogue;
    const scopes = kind.value === 'game' ? gameScopes : apiScopes;
    byId('kind-description').replaceChildren(...described(`For ${kindDescriptions[kind.value]}.`));
    byId('scope-list').replaceChildren(
      ...scopes.map((scope) => {
        const id = `scope-${scope}`;
        return el(
          'div',
          { class: 'check' },
          el('input', { type: 'checkbox', id, name: 'scope', value: scope, 'aria-describedby': `${id}-what`, onchange: syncSelectAll }),
          el('label', { for: id }, el('code', {}, own(scope))),
          el('span', { id: `${id}-what`, class: 'hint' }, ...described(scopeDescriptions[scope])),
        );
      }),
    );
    byId('credential-department').disabled = kind.value !== 'game';
    showDepartmentHint();
    syncSelectAll();
  }

  /** Why the department list is empty or a field: a game credential needs a department made first. */
  function showDepartmentHint() {
    const hint = byId('department-hint');
    const active = departments?.filter((d) => d.isActive) ?? null;
    if (active === null) {
      hint.hidden = false;
      hint.replaceChildren(own('This key cannot list departments: type the department id.'));
    } else if (active.length === 0 && kind.value === 'game') {
      hint.hidden = false;
      hint.replaceChildren(
        own('No active department yet, and a game credential belongs to one. '),
        el('button', { type: 'button', class: 'link', 'data-go': 'onboarding' }, own('Create a department first')),
        own(': onboarding goes departments, characters, members, then credentials.'),
      );
    } else hint.hidden = true;
  }

  function syncSelectAll() {
    const boxes = scopeBoxes();
    const ticked = boxes.filter((b) => b.checked).length;
    selectAll.checked = ticked === boxes.length && ticked > 0;
    selectAll.indeterminate = ticked > 0 && ticked < boxes.length;
  }

  selectAll.addEventListener('change', () => {
    for (const box of scopeBoxes()) box.checked = selectAll.checked;
    selectAll.indeterminate = false;
  });
  kind.addEventListener('change', () => void renderScopes());

  function showSecret(clientId, clientSecret, what) {
    byId('client-id').value = clientId;
    byId('client-secret').value = clientSecret;
    byId('secret-panel').hidden = false;
    byId('secret-title').replaceChildren(...phrase`${what}: store this secret now`.nodes());
    byId('client-secret').focus();
    byId('client-secret').select();
  }

  async function copy(id) {
    const field = byId(id);
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      field.select();
      document.execCommand('copy');
    }
    say(status, own('Copied.'), 'success');
  }
  byId('copy-client-id').addEventListener('click', () => void copy('client-id'));
  byId('copy-client-secret').addEventListener('click', () => void copy('client-secret'));
  function forgetSecret() {
    byId('client-id').value = '';
    byId('client-secret').value = '';
    byId('secret-panel').hidden = true;
  }
  byId('secret-done').addEventListener('click', forgetSecret);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const body = {
      kind: kind.value,
      label: byId('credential-label').value,
      scopes: scopeBoxes()
        .filter((b) => b.checked)
        .map((b) => b.value),
    };
    if (kind.value === 'game') body.departmentId = byId('credential-department').value.trim();
    try {
      const created = await call('POST', inOrganisation('/credentials'), body);
      byId('credential-label').value = '';
      succeed(status, phrase`Created ${created.label}.`);
      showSecret(created.clientId, created.clientSecret, phrase`Created ${created.label}`);
      await listCredentials();
    } catch (error) {
      failed(error, status, form);
    }
  });

  async function act(credential, verb) {
    const question =
      verb === 'rotate'
        ? phrase`Rotate the secret of ${credential.label}? The current secret stops working at once.`
        : phrase`Revoke ${credential.label}? It can no longer exchange its secret for tokens.`;
    if (!window.confirm(String(question))) return;
    try {
      const answer = await call('POST', `/credentials/${credential.clientId}/${verb}`);
      if (verb === 'rotate') {
        succeed(rowsStatus, phrase`Rotated the secret of ${credential.label}: store the new one now.`);
        showSecret(credential.clientId, answer.clientSecret, phrase`Rotated ${credential.label}`);
      } else succeed(rowsStatus, phrase`Revoked ${credential.label}.`);
      await listCredentials();
    } catch (error) {
      failed(error, rowsStatus);
    }
  }

  function row(credential) {
    const department = departments?.find((d) => d.departmentId === credential.departmentId);
    const revoked = credential.status === 'revoked';
    const button = (text, verb, style) =>
      el(
        'button',
        {
          type: 'button',
          class: style,
          disabled: !allowed() || revoked,
          'aria-describedby': allowed() ? null : 'credentials-reason',
          onclick: () => void act(credential, verb),
        },
        own(text),
      );
    return el(
      'tr',
      {},
      el('td', { text: credential.label }),
      el('td', {}, el('code', { class: 'key' }, own(credential.kind))),
      el('td', { text: department ? department.slug : (credential.departmentId ?? '—') }),
      el('td', { class: 'scopes-cell' }, ...credential.scopes.flatMap((scope) => [el('code', { class: 'key' }, own(scope)), own(' ')])),
      el('td', {}, own(when(credential.createdAt))),
      el('td', {}, own(when(credential.rotatedAt))),
      el('td', {}, own(credential.status)),
      el('td', { class: 'actions' }, button('Rotate', 'rotate', 'quiet'), button('Revoke', 'revoke', 'destructive')),
    );
  }

  const list = searchableList({
    bodyId: 'credential-rows',
    what: 'credentials',
    columns: 8,
    empty: 'No credentials yet.',
    words: (c) => [c.label, c.kind, c.status, ...c.scopes],
    row,
  });

  async function listCredentials() {
    if (!allowed()) return fillRows(byId('credential-rows'), [], 8, 'This operator key cannot list credentials.');
    list.show(await call('GET', inOrganisation('/credentials')));
  }

  return {
    async load() {
      // Coming back to the screen, a secret shown earlier is gone: it was shown once.
      forgetSecret();
      departments = may(who(), 'organisation.settings.manage') ? await allPages(inOrganisation('/departments')) : null;
      departmentChoice('credential-department', departments);
      await renderScopes();
      await listCredentials();
    },
  };
}
