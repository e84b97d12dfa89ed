// Characters, whose account holds each, their memberships with callsigns, approval, moving one to
// another account, and the link codes a player types in game.
import { allPages, call, inOrganisation } from './api.js';
import { byId, el, fillRows, own, phrase, say } from '/shared/dom.js';
import { departmentChoice, may, succeed } from './controls.js';
import { searchableList } from './lists.js';
import { unitsPart } from './units.js';

const ROSTER = 'roster.manage';
const STATUS = { pending: ' (waiting for approval)', retired: ' (retired)' };

export function rosterPart(who, failed, departmentsNow) {
  const characterForm = byId('character-form');
  const memberForm = byId('member-form');
  const characterStatus = byId('character-status');
  const memberStatus = byId('member-status');
  const rowsStatus = byId('character-rows-status');
  const moveForm = byId('move-form');
  const moveStatus = byId('move-status');
  const canRoster = () => may(who(), ROSTER);
  /** What the rows are drawn with, as the roster last read it. */
  let drawn = { memberships: [], units: new Map(), departments: null, people: new Map() };
  const characters = searchableList({
    bodyId: 'character-rows',
    what: 'characters',
    columns: 5,
    empty: 'No characters yet: create one above.',
    words: (c) => [c.displayName, ownerName(c, drawn.people)],
    row: (c) => row(c, drawn.memberships, drawn.units, drawn.departments, drawn.people),
    // The member and move forms offer the characters the search found, not the whole roster.
    onSearch: (found) => {
      const options = () => found.map((c) => el('option', { value: c.characterId, text: c.displayName }));
      byId('member-character').replaceChildren(...options());
      byId('move-character').replaceChildren(...options());
    },
  });
  const units = unitsPart(failed, canRoster, () => load());

  async function issueLinkCode(character) {
    try {
      const { code, expiresAt } = await call('POST', `/characters/${character.characterId}/link-codes`);
      const expiry = new Date(expiresAt);
      const shown = byId('link-code');
      shown.hidden = false;
      // The name is isolated: whatever its letters, it cannot reorder the code printed after it.
      shown.replaceChildren(
        ...phrase`Link code for ${character.displayName}: `.nodes(),
        el('strong', { class: 'code', text: code }),
        own(`. The player types it in game before ${expiry.toLocaleTimeString()}; it works once.`),
      );
      shown.dataset.code = code;
      say(rowsStatus, '');
      shown.scrollIntoView({ block: 'nearest' });
    } catch (error) {
      failed(error, rowsStatus);
    }
  }

  async function approve(character) {
    try {
      await call('POST', `/characters/${character.characterId}/approve`);
      await load();
      succeed(rowsStatus, phrase`${character.displayName} is approved: it may be linked now.`);
    } catch (error) {
      failed(error, rowsStatus);
    }
  }

  function ownerName(character, people) {
    if (character.ownerPersonId === null) return 'Roster';
    return people.get(character.ownerPersonId)?.displayName ?? 'A former member';
  }

  /** Whose account holds it, by the organisation's people; the roster's own when none. */
  function ownerCell(character, people) {
    if (character.ownerPersonId === null) return own('Roster');
    const owner = people.get(character.ownerPersonId);
    return owner ? phrase`${owner.displayName}` : own('A former member');
  }

  function row(character, memberships, units, departments, people) {
    const placed = memberships
      .filter((m) => m.characterId === character.characterId)
      .map((m) => {
        const unit = units.get(m.unitId);
        const department = departments?.find((d) => d.departmentId === m.departmentId);
        const where = department ? department.slug : m.departmentId;
        return el('li', {}, unit?.callsign ? phrase`${where}: ${unit.callsign}` : phrase`${where}: no callsign`);
      });
    return el(
      'tr',
      {},
      el('td', {}, phrase`${character.displayName}`, own(STATUS[character.status] ?? '')),
      el('td', {}, ownerCell(character, people)),
      el('td', {}, own(character.linked ? 'yes' : 'no')),
      el('td', {}, placed.length > 0 ? el('ul', { class: 'plain' }, ...placed) : own('—')),
      el(
        'td',
        { class: 'actions' },
        ...(character.status === 'pending'
          ? [
              el(
                'button',
                { type: 'button', disabled: !canRoster(), onclick: () => void approve(character) },
                phrase`Approve ${character.displayName}`,
              ),
            ]
          : []),
        el(
          'button',
          { type: 'button', disabled: !canRoster(), onclick: () => void issueLinkCode(character) },
          phrase`Issue link code for ${character.displayName}`,
        ),
      ),
    );
  }

  /** What the member form still needs, in onboarding order. */
  function memberHint(characters, departments) {
    const hint = byId('member-hint');
    const missing = [];
    if (departments !== null && !departments.some((d) => d.isActive)) missing.push('an active department');
    if (characters.length === 0) missing.push('a character');
    hint.hidden = missing.length === 0;
    hint.replaceChildren(own(missing.length === 0 ? '' : `Create ${missing.join(' and ')} first.`));
  }

  async function load() {
    const departments = departmentsNow();
    departmentChoice('member-department', departments, !canRoster());
    if (!canRoster()) return fillRows(byId('character-rows'), [], 5, 'This key cannot list characters.');
    const [all, memberships, unitList, people] = await Promise.all([
      allPages(inOrganisation('/characters')),
      allPages(inOrganisation('/members')),
      allPages(inOrganisation('/units')),
      call('GET', inOrganisation('/people')),
    ]);
    drawn = {
      memberships,
      units: new Map(unitList.map((u) => [u.unitId, u])),
      departments,
      people: new Map(people.map((p) => [p.personId, p])),
    };
    byId('move-person').replaceChildren(...people.map((p) => el('option', { value: p.personId, text: p.displayName })));
    memberHint(all, departments);
    characters.show(all);
    units.show(unitList, memberships, all, departments);
  }

  characterForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const dateOfBirth = byId('character-date-of-birth').value;
    try {
      const created = await call('POST', inOrganisation('/characters'), {
        firstName: byId('character-first-name').value.trim(),
        lastName: byId('character-last-name').value.trim(),
        ...(dateOfBirth ? { dateOfBirth } : {}),
      });
      for (const id of ['character-first-name', 'character-last-name', 'character-date-of-birth']) byId(id).value = '';
      await load();
      succeed(characterStatus, phrase`Created the character ${created.displayName}.`);
    } catch (error) {
      failed(error, characterStatus, characterForm);
    }
  });

  memberForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const callsign = byId('member-callsign').value.trim();
    const character = byId('member-character');
    const name = character.selectedOptions[0]?.textContent ?? '';
    try {
      await call('POST', `/departments/${byId('member-department').value.trim()}/members`, {
        characterId: character.value,
        callsign: callsign === '' ? null : callsign,
      });
      byId('member-callsign').value = '';
      await load();
      succeed(memberStatus, callsign ? phrase`Added ${name} as a member, callsign ${callsign}.` : phrase`Added ${name} as a member.`);
    } catch (error) {
      failed(error, memberStatus, memberForm);
    }
  });

  moveForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const character = byId('move-character');
    const person = byId('move-person');
    const name = character.selectedOptions[0]?.textContent ?? '';
    const to = person.selectedOptions[0]?.textContent ?? '';
    try {
      await call('POST', `/characters/${character.value}/owner`, { personId: person.value });
      await load();
      succeed(moveStatus, phrase`${name} now belongs to ${to}'s account; its game identities were unlinked.`);
    } catch (error) {
      failed(error, moveStatus, moveForm);
    }
  });

  return { load };
}
