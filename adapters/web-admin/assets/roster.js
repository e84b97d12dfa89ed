// Characters, their memberships with callsigns, and the link codes a player types in game.
import { allPages, call, inOrganisation } from './api.js';
import { byId, el, fillRows, say } from '/shared/dom.js';
import { departmentChoice, may } from './controls.js';

const ROSTER = 'roster.manage';

export function rosterPart(who, failed, departmentsNow) {
  const status = byId('onboarding-status');
  const canRoster = () => may(who(), ROSTER);

  async function issueLinkCode(character) {
    try {
      const { code, expiresAt } = await call('POST', `/characters/${character.characterId}/link-codes`);
      const expiry = new Date(expiresAt);
      const shown = byId('link-code');
      shown.hidden = false;
      shown.replaceChildren(
        `Link code for ${character.displayName}: `,
        el('strong', { class: 'code', text: code }),
        `. The player types it in game before ${expiry.toLocaleTimeString()}; it works once.`,
      );
      shown.dataset.code = code;
    } catch (error) {
      failed(error);
    }
  }

  function row(character, memberships, units, departments) {
    const placed = memberships
      .filter((m) => m.characterId === character.characterId)
      .map((m) => {
        const unit = units.get(m.unitId);
        const department = departments?.find((d) => d.departmentId === m.departmentId);
        return `${department ? department.slug : m.departmentId}: ${unit?.callsign ?? 'no callsign'}`;
      });
    return el(
      'tr',
      {},
      el('td', { text: character.displayName }),
      el('td', { text: placed.join(', ') || '—' }),
      el(
        'td',
        { class: 'actions' },
        el('button', {
          type: 'button',
          text: `Issue link code for ${character.displayName}`,
          disabled: !canRoster(),
          onclick: () => void issueLinkCode(character),
        }),
      ),
    );
  }

  async function load() {
    const departments = departmentsNow();
    departmentChoice('member-department', departments, !canRoster());
    if (!canRoster()) return fillRows(byId('character-rows'), [], 3, 'This key cannot list characters.');
    const [characters, memberships, units] = await Promise.all([
      allPages(inOrganisation('/characters')),
      allPages(inOrganisation('/members')),
      allPages(inOrganisation('/units')),
    ]);
    const byUnit = new Map(units.map((u) => [u.unitId, u]));
    byId('member-character').replaceChildren(...characters.map((c) => el('option', { value: c.characterId, text: c.displayName })));
    fillRows(
      byId('character-rows'),
      characters.map((c) => row(c, memberships, byUnit, departments)),
      3,
      'No characters yet.',
    );
  }

  byId('character-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const dateOfBirth = byId('character-date-of-birth').value;
    try {
      const created = await call('POST', inOrganisation('/characters'), {
        firstName: byId('character-first-name').value.trim(),
        lastName: byId('character-last-name').value.trim(),
        ...(dateOfBirth ? { dateOfBirth } : {}),
      });
      for (const id of ['character-first-name', 'character-last-name', 'character-date-of-birth']) byId(id).value = '';
      say(status, `Created the character ${created.displayName}.`);
      await load();
    } catch (error) {
      failed(error);
    }
  });

  byId('member-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const callsign = byId('member-callsign').value.trim();
    try {
      await call('POST', `/departments/${byId('member-department').value.trim()}/members`, {
        characterId: byId('member-character').value,
        callsign: callsign === '' ? null : callsign,
      });
      byId('member-callsign').value = '';
      say(status, `Added the member${callsign ? ` with callsign ${callsign}` : ''}.`);
      await load();
    } catch (error) {
      failed(error);
    }
  });

  return { load };
}
