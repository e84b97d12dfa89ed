// The organisation's people with their roles: invitations (a one-time address with a role), the
// waiting list of a whitelist (approve or refuse), each person's role, how people join, and what
// each role may do here.
import { call, inOrganisation, session } from './api.js';
import { byId, el, fillRows, own, phrase, say, when } from '/shared/dom.js';
import { may, succeed } from './controls.js';
import { searchableList } from './lists.js';

const ROLES = [
  ['owner', 'Owner'],
  ['admin', 'Admin'],
  ['supervisor', 'Supervisor'],
  ['dispatcher', 'Dispatcher'],
  ['officer', 'Officer'],
  ['civilian', 'Civilian'],
];
const PERMISSIONS = [
  ['organisation.settings.manage', 'Settings'],
  ['roster.manage', 'Roster'],
  ['integrations.credential.manage', 'Credentials'],
  ['records.manage', 'Records'],
  ['dispatch.manage', 'Dispatch'],
  ['dispatch.view', 'Watch the board'],
  ['audit.view', 'Audit log'],
];
const roleWord = (role) => ROLES.find(([name]) => name === role)?.[1] ?? role;
const STATUS = { active: 'Active', pending: 'Waiting for approval', disabled: 'Disabled' };

export function peopleScreen(who, failed) {
  const status = byId('people-status');
  const form = byId('invitation-form');
  byId('invitation-role').replaceChildren(
    ...ROLES.map(([name, word]) => el('option', { value: name, selected: name === 'officer' }, own(word))),
  );

  /** Changes one person (role or account state), says so, and lists the people again. */
  async function change(person, changes, done) {
    try {
      await call('PATCH', inOrganisation(`/people/${person.personId}`), changes);
      succeed(status, done);
      await listPeople();
    } catch (error) {
      failed(error, status);
      await listPeople();
    }
  }

  function actions(person) {
    if (person.status === 'pending')
      return [
        el(
          'button',
          {
            type: 'button',
            'aria-label': phrase`Approve ${person.displayName}`,
            onclick: () => change(person, { status: 'active' }, phrase`${person.displayName} is approved and may sign in.`),
          },
          own('Approve'),
        ),
        el(
          'button',
          {
            type: 'button',
            'aria-label': phrase`Refuse ${person.displayName}`,
            onclick: () => change(person, { status: 'disabled' }, phrase`${person.displayName} is refused.`),
          },
          own('Refuse'),
        ),
      ];
    const choice = el(
      'select',
      { 'aria-label': phrase`Role of ${person.displayName}` },
      ...ROLES.map(([name, word]) => el('option', { value: name, selected: name === person.role }, own(word))),
    );
    choice.addEventListener('change', () =>
      change(
        person,
        { role: choice.value },
        phrase`${person.displayName} is now ${roleWord(choice.value)}; it counts from their next action.`,
      ),
    );
    return [choice];
  }

  const list = searchableList({
    bodyId: 'people-rows',
    what: 'people',
    columns: 5,
    empty: 'Nobody has joined yet: invite the first people below.',
    words: (p) => [p.displayName, roleWord(p.role), STATUS[p.status] ?? p.status],
    row: (p) =>
      el(
        'tr',
        {},
        el('td', { text: p.displayName }),
        el('td', {}, own(roleWord(p.role))),
        el('td', {}, own(STATUS[p.status] ?? p.status)),
        el('td', {}, own(when(p.since))),
        el('td', { class: 'actions' }, ...actions(p)),
      ),
  });

  async function listPeople() {
    const people = await call('GET', inOrganisation('/people'));
    // A new organisation's first step: its first owner, invited by the key that founded it.
    const first = people.length === 0;
    byId('first-owner-hint').hidden = !first;
    if (first) byId('invitation-role').value = 'owner';
    list.show(people);
  }

  function showJoinAddress(rule) {
    const address = `${location.origin}/account/#join=${encodeURIComponent(session.organisation())}`;
    const link = byId('join-address');
    link.textContent = address;
    link.href = address;
    byId('join-address-line').hidden = rule === 'invitation';
  }

  async function showJoining() {
    if (!may(who(), 'organisation.settings.manage')) return;
    const organisation = await call('GET', inOrganisation());
    byId('join-rule').value = organisation.joinRule;
    showJoinAddress(organisation.joinRule);
  }

  async function showRoles() {
    const { roles } = await call('GET', inOrganisation('/roles'));
    byId('roles-head').replaceChildren(
      el('tr', {}, el('th', { scope: 'col' }, own('Role')), ...PERMISSIONS.map(([, word]) => el('th', { scope: 'col' }, own(word)))),
    );
    const rows = roles.map((r) =>
      el(
        'tr',
        { 'data-role': r.role },
        el('th', { scope: 'row' }, own(roleWord(r.role))),
        ...PERMISSIONS.map(([permission, word]) =>
          el(
            'td',
            {},
            el('input', {
              type: 'checkbox',
              value: permission,
              checked: r.permissions.includes(permission),
              disabled: !r.editable,
              'aria-label': `${roleWord(r.role)}: ${word}`,
            }),
          ),
        ),
      ),
    );
    fillRows(byId('roles-rows'), rows, PERMISSIONS.length + 1, 'No roles.');
    return roles;
  }

  let shownRoles = [];

  async function load() {
    byId('invitation-result').hidden = true;
    if (!may(who(), 'roster.manage')) {
      fillRows(byId('people-rows'), [], 5, 'Listing people needs roster.manage.');
      return;
    }
    await listPeople();
    await showJoining();
    shownRoles = await showRoles();
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

  byId('joining-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const region = byId('joining-status');
    try {
      const organisation = await call('PATCH', inOrganisation(), { joinRule: byId('join-rule').value });
      showJoinAddress(organisation.joinRule);
      const words = {
        invitation: 'Only invited people join now.',
        approval: 'People may ask to join at the join address; they wait on the list above for approval.',
        open: 'Anyone with the join address may join now, as a Civilian.',
      };
      succeed(region, own(words[organisation.joinRule]));
    } catch (error) {
      failed(error, region, event.target);
    }
  });

  byId('roles-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const region = byId('roles-status');
    try {
      let changed = 0;
      for (const row of byId('roles-rows').querySelectorAll('tr[data-role]')) {
        const role = row.dataset.role;
        const before = shownRoles.find((r) => r.role === role);
        if (!before?.editable) continue;
        const permissions = [...row.querySelectorAll('input:checked')].map((box) => box.value);
        if (permissions.length === before.permissions.length && permissions.every((p) => before.permissions.includes(p))) continue;
        await call('PATCH', inOrganisation('/roles'), { role, permissions });
        changed++;
      }
      shownRoles = await showRoles();
      succeed(region, own(changed === 0 ? 'Nothing changed.' : 'Roles saved; everyone holds their role’s new set from their next action.'));
    } catch (error) {
      failed(error, region, event.target);
      shownRoles = await showRoles();
    }
  });

  return { load };
}
