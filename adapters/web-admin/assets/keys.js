// Operator keys: issued with a checklist of permissions (the key shown once), listed, revoked.
import { call, inOrganisation } from './api.js';
import { byId, el, fillRows, own, phrase, say, when } from '/shared/dom.js';
import { may, succeed } from './controls.js';
import { searchableList } from './lists.js';

const SETTINGS = 'organisation.settings.manage';
const catalogue = fetch('catalogue.json', { cache: 'no-store' }).then((r) => r.json());

function build() {
  const form = el(
    'form',
    { id: 'key-form', class: 'stack' },
    el(
      'fieldset',
      { 'data-permission': SETTINGS, 'data-reason': 'keys-reason' },
      el('legend', {}, own('New operator key')),
      el('label', { for: 'key-label' }, own('Label')),
      el('input', { id: 'key-label', name: 'label', maxlength: '100', required: true }),
      el(
        'fieldset',
        { class: 'scopes' },
        el('legend', {}, own('Permissions')),
        el('p', { class: 'hint' }, own('A key may be given only permissions the one giving it holds.')),
        el('div', { id: 'key-permissions', class: 'checks' }),
      ),
      el('button', { type: 'submit' }, own('Create key')),
    ),
  );
  const secret = el(
    'section',
    { id: 'key-panel', class: 'secret', 'aria-labelledby': 'key-panel-title', hidden: true },
    el('h3', { id: 'key-panel-title' }, own('Store this key now')),
    el(
      'p',
      { class: 'warning' },
      own('The key is shown only this once. It cannot be shown again: if it is lost, revoke it and create another.'),
    ),
    el('label', { for: 'new-key' }, own('New key')),
    el(
      'div',
      { class: 'copyable' },
      el('input', { id: 'new-key', readonly: true }),
      el('button', { type: 'button', id: 'copy-new-key' }, own('Copy key')),
    ),
    el('button', { type: 'button', id: 'key-done' }, own('I have stored the key')),
  );
  const table = el(
    'div',
    { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': 'Keys table' },
    el(
      'table',
      { class: 'stacks' },
      el('caption', {}, own('Operator keys of this organisation')),
      el(
        'thead',
        {},
        el('tr', {}, ...['Label', 'Permissions', 'Created', 'Status', 'Actions'].map((h) => el('th', { scope: 'col' }, own(h)))),
      ),
      el('tbody', { id: 'key-rows' }),
    ),
  );
  byId('keys-screen').append(
    el('h2', { id: 'keys-title' }, own('Operator keys')),
    el('p', { class: 'hint' }, own('Keys are for the command line and automation; people sign in with their own accounts.')),
    el('p', { id: 'keys-reason', class: 'reason', hidden: true }),
    form,
    el('p', { id: 'keys-status', class: 'message', role: 'status' }),
    secret,
    el('p', { id: 'key-rows-status', class: 'message', role: 'status' }),
    table,
  );
  return form;
}

export function keysScreen(who, failed) {
  const form = build();
  const status = byId('keys-status');
  const rowsStatus = byId('key-rows-status');
  const allowed = () => may(who(), SETTINGS);
  const boxes = () => [...byId('key-permissions').querySelectorAll('input[type=checkbox]')];

  async function renderPermissions() {
    const { permissions } = await catalogue;
    const me = who();
    byId('key-permissions').replaceChildren(
      ...permissions.map((permission) => {
        const id = `key-permission-${permission}`;
        const held = me.bootstrap || me.permissions.includes(permission);
        return el(
          'div',
          { class: 'check' },
          el('input', { type: 'checkbox', id, name: 'permissions', value: permission, disabled: !held || !allowed() }),
          el('label', { for: id }, el('code', {}, own(permission))),
        );
      }),
    );
  }

  function forgetKey() {
    byId('new-key').value = '';
    byId('key-panel').hidden = true;
  }
  byId('key-done').addEventListener('click', forgetKey);
  byId('copy-new-key').addEventListener('click', async () => {
    const field = byId('new-key');
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      field.select();
      document.execCommand('copy');
    }
    say(status, own('Copied.'), 'success');
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const permissions = boxes()
      .filter((b) => b.checked)
      .map((b) => b.value);
    try {
      const made = await call('POST', inOrganisation('/operator-keys'), { label: byId('key-label').value, permissions });
      byId('key-label').value = '';
      for (const b of boxes()) b.checked = false;
      succeed(status, phrase`Created the key ${made.label}.`);
      byId('new-key').value = made.key;
      byId('key-panel').hidden = false;
      byId('new-key').focus();
      byId('new-key').select();
      await listKeys();
    } catch (error) {
      failed(error, status, form);
    }
  });

  async function revoke(key) {
    if (!window.confirm(String(phrase`Revoke the operator key ${key.label}? Whatever uses it stops working at once.`))) return;
    try {
      await call('POST', `/operator-keys/${key.operatorKeyId}/revoke`);
      succeed(rowsStatus, phrase`Revoked the key ${key.label}.`);
      await listKeys();
    } catch (error) {
      failed(error, rowsStatus);
    }
  }

  function row(key) {
    const revoked = key.status === 'revoked';
    return el(
      'tr',
      {},
      el('td', { text: key.label }),
      el('td', { class: 'scopes-cell' }, ...key.permissions.flatMap((p) => [el('code', { class: 'key' }, own(p)), own(' ')])),
      el('td', {}, own(when(key.createdAt))),
      el('td', {}, own(revoked ? `revoked ${when(key.revokedAt)}` : 'active')),
      el(
        'td',
        { class: 'actions' },
        revoked
          ? own('—')
          : el(
              'button',
              { type: 'button', class: 'destructive', disabled: !allowed(), onclick: () => void revoke(key) },
              phrase`Revoke ${key.label}`,
            ),
      ),
    );
  }

  const list = searchableList({
    bodyId: 'key-rows',
    what: 'keys',
    columns: 5,
    empty: 'No operator keys yet.',
    words: (k) => [k.label, k.status, ...k.permissions],
    row,
  });

  async function listKeys() {
    if (!allowed()) return fillRows(byId('key-rows'), [], 5, 'Listing operator keys needs organisation.settings.manage.');
    list.show(await call('GET', inOrganisation('/operator-keys')));
  }

  return {
    async load() {
      forgetKey();
      await renderPermissions();
      await listKeys();
    },
  };
}
