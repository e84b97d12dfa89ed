// The organisation's people with their roles, and invitations: a one-time address with a role.
import { call, inOrganisation } from './api.js';
import { byId, el, fillRows, own, say, when } from '/shared/dom.js';
import { may } from './controls.js';

const ROLES = [
  ['owner', 'Owner'],
  ['admin', 'Admin'],
  ['supervisor', 'Supervisor'],
  ['dispatcher', 'Dispatcher'],
  ['officer', 'Officer'],
  ['civilian', 'Civilian'],
];
const roleWord = (role) => ROLES.find(([name]) => name === role)?.[1] ?? role;
const STATUS = { active: 'Active', pending: 'Waiting for approval', disabled: 'Disabled' };

export function peopleScreen(who, failed) {
  const status = byId('people-status');
  const form = byId('invitation-form');
  byId('invitation-role').replaceChildren(
    ...ROLES.map(([name, word]) => el('option', { value: name, selected: name === 'officer' }, own(word))),
  );

  async function load() {
    byId('invitation-result').hidden = true;
    if (!may(who(), 'roster.manage')) {
      fillRows(byId('people-rows'), [], 4, 'Listing people needs roster.manage.');
      return;
    }
    const people = await call('GET', inOrganisation('/people'));
    // A new organisation's first step: its first owner, invited by the key that founded it.
    const first = people.length === 0;
    byId('first-owner-hint').hidden = !first;
    if (first) byId('invitation-role').value = 'owner';
    fillRows(
      byId('people-rows'),
      people.map((p) =>
        el(
          'tr',
          {},
          el('td', { text: p.displayName }),
          el('td', {}, own(roleWord(p.role))),
          el('td', {}, own(STATUS[p.status] ?? p.status)),
          el('td', {}, own(when(p.since))),
        ),
      ),
      4,
      'Nobody has joined yet: invite the first people below.',
    );
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const made = await call('POST', inOrganisation('/invitations'), { role: byId('invitation-role').value });
      const address = `${location.origin}${made.invitationPath}`;
      const link = byId('invitation-address');
      link.textContent = address;
      link.href = address;
      byId('invitation-result').hidden = false;
      say(
        status,
        own(
          `Invitation as ${roleWord(made.role)} made; it works once, until ${when(made.expiresAt)}. Send it privately: whoever opens it first joins.`,
        ),
        'success',
      );
    } catch (error) {
      failed(error, status, form);
    }
  });

  return { load };
}
