// Credentials: the list (never a secret), creation with the scope checklist, rotation and revocation.
import { allPages, call, inOrganisation } from './api.js';
import { byId, el, fillRows, say, when } from '/shared/dom.js';
import { departmentChoice, may } from './controls.js';

const catalogue = fetch('catalogue.json', { cache: 'no-store' }).then((r) => r.json());
const MANAGE = 'integrations.credential.manage';

/** `who()` is the key signed in now; the screen is made once and serves every sign-in. */
export function credentialsScreen(who, failed) {
  const status = byId('credentials-status');
  const kind = byId('credential-kind');
  const selectAll = byId('select-all-scopes');
  const allowed = () => may(who(), MANAGE);
  let departments = [];

  const scopeBoxes = () => [...byId('scope-list').querySelectorAll('input[type=checkbox]')];

  async function renderScopes() {
    const { apiScopes, gameScopes } = await catalogue;
    const scopes = kind.value === 'game' ? gameScopes : apiScopes;
    byId('scope-list').replaceChildren(
      ...scopes.map((scope) =>
        el(
          'label',
          { class: 'check' },
          el('input', { type: 'checkbox', name: 'scope', value: scope, onchange: syncSelectAll }),
          ` ${scope}`,
        ),
      ),
    );
    byId('credential-department').disabled = kind.value !== 'game';
    syncSelectAll();
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
    byId('secret-title').textContent = `${what}: store this secret now`;
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
    say(status, 'Copied.');
  }
  byId('copy-client-id').addEventListener('click', () => void copy('client-id'));
  byId('copy-client-secret').addEventListener('click', () => void copy('client-secret'));
  function forgetSecret() {
    byId('client-id').value = '';
    byId('client-secret').value = '';
    byId('secret-panel').hidden = true;
  }
  byId('secret-done').addEventListener('click', forgetSecret);

  byId('credential-form').addEventListener('submit', async (event) => {
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
      showSecret(created.clientId, created.clientSecret, `Created “${created.label}”`);
      await listCredentials();
    } catch (error) {
      failed(error);
    }
  });

  async function act(credential, verb) {
    const question =
      verb === 'rotate'
        ? `Rotate the secret of “${credential.label}”? The current secret stops working at once.`
        : `Revoke “${credential.label}”? It can no longer exchange its secret for tokens.`;
    if (!window.confirm(question)) return;
    try {
      const answer = await call('POST', `/credentials/${credential.clientId}/${verb}`);
      if (verb === 'rotate') showSecret(credential.clientId, answer.clientSecret, `Rotated “${credential.label}”`);
      else say(status, `Revoked “${credential.label}”.`);
      await listCredentials();
    } catch (error) {
      failed(error);
    }
  }

  function row(credential) {
    const department = departments?.find((d) => d.departmentId === credential.departmentId);
    const revoked = credential.status === 'revoked';
    const button = (text, verb) =>
      el('button', {
        type: 'button',
        text,
        disabled: !allowed() || revoked,
        'aria-describedby': allowed() ? null : 'credentials-reason',
        onclick: () => void act(credential, verb),
      });
    return el(
      'tr',
      {},
      el('td', { text: credential.label }),
      el('td', { text: credential.kind }),
      el('td', { text: department ? department.slug : (credential.departmentId ?? '—') }),
      el('td', { class: 'scopes-cell', text: credential.scopes.join(' ') }),
      el('td', { text: when(credential.createdAt) }),
      el('td', { text: when(credential.rotatedAt) }),
      el('td', { text: credential.status }),
      el('td', { class: 'actions' }, button('Rotate', 'rotate'), button('Revoke', 'revoke')),
    );
  }

  async function listCredentials() {
    if (!allowed()) return fillRows(byId('credential-rows'), [], 8, 'This operator key cannot list credentials.');
    const credentials = await call('GET', inOrganisation('/credentials'));
    fillRows(byId('credential-rows'), credentials.map(row), 8, 'No credentials yet.');
  }

  return {
    async load() {
      // Coming back to the screen, a secret shown earlier is gone: it was shown once.
      forgetSecret();
      departments = may(who(), 'organisation.settings.manage') ? await allPages(inOrganisation('/departments')) : null;
      departmentChoice('credential-department', departments);
      byId('department-hint').hidden = departments !== null;
      byId('department-hint').textContent = 'This key cannot list departments: type the department id.';
      await renderScopes();
      await listCredentials();
    },
  };
}
