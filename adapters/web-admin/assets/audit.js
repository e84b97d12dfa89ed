// Audit log (newest first, a page at a time, by action and credential) and presence figures.
import { call, inOrganisation } from './api.js';
import { byId, el, fillRows, own, phrase, say, when } from '/shared/dom.js';
import { may } from './controls.js';

const AUDIT = 'audit.view';
const PAGE = 25;

/** The subject as the service names it (a character's name, a unit's callsign, ...), its id kept for the record. */
function subjectCell(entry) {
  if (!entry.subject) return own('—');
  const { type, id } = entry.subject;
  const kind = type.replaceAll('_', ' ');
  if (entry.subjectLabel === null || entry.subjectLabel === undefined) return phrase`${kind} ${id}`;
  return el('span', { title: id }, phrase`${kind}: ${entry.subjectLabel}`);
}

export function auditScreen(who, failed) {
  const status = byId('audit-status');
  const form = byId('audit-form');
  /** The `before` of each page shown so far; the first page has none. */
  let pages = [undefined];
  let last = [];

  function filters() {
    const query = new URLSearchParams({ limit: String(PAGE) });
    const action = byId('audit-action').value.trim();
    const credentialId = byId('audit-credential').value.trim();
    if (action) query.set('action', action);
    if (credentialId) query.set('credentialId', credentialId);
    return query;
  }

  async function showPage() {
    const query = filters();
    const before = pages.at(-1);
    if (before) query.set('before', before);
    last = await call('GET', inOrganisation(`/audit?${query}`));
    fillRows(
      byId('audit-rows'),
      last.map((entry) =>
        el(
          'tr',
          {},
          el('td', {}, own(when(entry.at))),
          el('td', {}, el('code', { text: entry.action })),
          // The actor's label is another party's text (an operator key's or a credential's label).
          el('td', {}, phrase`${entry.actor.kind}: ${entry.actor.label}`),
          el('td', {}, subjectCell(entry)),
        ),
      ),
      4,
      'No entries.',
    );
    byId('audit-older').disabled = last.length < PAGE;
    byId('audit-newest').disabled = pages.length === 1;
    say(status, own(`Page ${pages.length}, ${last.length} entries.`));
  }

  async function showPresence() {
    const { connected, max, overages } = await call('GET', inOrganisation('/presence'));
    const figure = (term, value) => [el('dt', {}, own(term)), el('dd', {}, own(String(value)))];
    const latest = overages[0];
    byId('presence').replaceChildren(
      ...figure('Connected accounts now', connected),
      ...figure('Limit (concurrent_accounts.max)', max ?? 'no limit'),
      ...figure('Recorded overages', overages.length),
      ...figure('Latest overage', latest ? `${when(latest.at)}: ${latest.connected} of ${latest.max}` : '—'),
    );
  }

  async function credentialChoices() {
    const current = byId('audit-credential');
    if (!may(who(), 'integrations.credential.manage')) {
      current.replaceWith(el('input', { id: 'audit-credential', name: 'credentialId', placeholder: 'client id', autocomplete: 'off' }));
      return;
    }
    const credentials = await call('GET', inOrganisation('/credentials'));
    current.replaceChildren(
      el('option', { value: '' }, own('Any credential')),
      ...credentials.map((c) => el('option', { value: c.clientId }, phrase`${c.label} (${c.kind})`)),
    );
  }

  const run = (step) => async () => {
    try {
      await step();
    } catch (error) {
      failed(error, status, form);
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    pages = [undefined];
    void run(showPage)();
  });
  byId('audit-older').addEventListener(
    'click',
    run(async () => {
      pages.push(last.at(-1)?.id);
      await showPage();
    }),
  );
  byId('audit-newest').addEventListener(
    'click',
    run(async () => {
      pages = [undefined];
      await showPage();
    }),
  );

  return {
    async load() {
      if (!may(who(), AUDIT)) {
        byId('presence').replaceChildren();
        byId('audit-older').disabled = true;
        byId('audit-newest').disabled = true;
        return fillRows(byId('audit-rows'), [], 4, 'This operator key cannot read the audit log.');
      }
      pages = [undefined];
      await credentialChoices();
      await showPresence();
      await showPage();
    },
  };
}
