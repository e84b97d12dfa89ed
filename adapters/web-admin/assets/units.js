// The units of the roster, one per member: searched and paged, each renamed (an `AUTO-nnn` callsign
// made by /duty given its real one) or deactivated and activated again, through the unit's PATCH,
// and its member removed from the department (decision 0140).
import { call } from './api.js';
import { byId, el, own, phrase } from '/shared/dom.js';
import { succeed } from './controls.js';
import { searchableList } from './lists.js';

export function unitsPart(failed, canRoster, reload) {
  const status = byId('unit-rows-status');
  /** The characters and departments the units belong to, by id, as the roster last read them. */
  let names = { characters: new Map(), departments: new Map() };

  const callsignOf = (unit) => unit.callsign ?? 'no callsign';
  const characterOf = (unit) => names.characters.get(unit.characterId)?.displayName ?? '—';
  const departmentOf = (unit) => names.departments.get(unit.departmentId)?.slug ?? unit.departmentId;

  async function change(unit, body, done) {
    try {
      await call('PATCH', `/units/${unit.unitId}`, body);
      await reload();
      succeed(status, done);
    } catch (error) {
      failed(error, status);
    }
  }

  function rename(unit) {
    const answer = window.prompt(
      String(phrase`New callsign for ${callsignOf(unit)} (${characterOf(unit)}); empty takes it away:`),
      unit.callsign ?? '',
    );
    if (answer === null) return;
    const callsign = answer.trim() === '' ? null : answer.trim();
    void change(
      unit,
      { callsign },
      callsign === null ? phrase`${characterOf(unit)} has no callsign now.` : phrase`${callsignOf(unit)} is now ${callsign}.`,
    );
  }

  function toggle(unit) {
    if (unit.isActive) {
      const question = phrase`Deactivate the unit ${callsignOf(unit)} (${characterOf(unit)})? It can no longer go on duty until activated again.`;
      if (!window.confirm(String(question))) return;
      void change(unit, { isActive: false }, phrase`The unit ${callsignOf(unit)} is deactivated.`);
    } else void change(unit, { isActive: true }, phrase`The unit ${callsignOf(unit)} is active again.`);
  }

  /** A member is named by its unit's callsign, else by its character. */
  const memberOf = (unit) => unit.callsign ?? characterOf(unit);

  async function remove(unit) {
    const question = phrase`Remove ${characterOf(unit)} (${callsignOf(unit)}) from ${departmentOf(unit)}? The unit goes off duty, leaves any call, and its callsign is free again; its history stays.`;
    if (!window.confirm(String(question))) return;
    try {
      await call('POST', `/memberships/${unit.membershipId}/end`);
      await reload();
      succeed(status, phrase`${characterOf(unit)} is no longer a member of ${departmentOf(unit)}.`);
    } catch (error) {
      failed(error, status);
    }
  }

  const list = searchableList({
    bodyId: 'unit-rows',
    what: 'units',
    columns: 5,
    empty: 'No units yet: add a member above.',
    words: (unit) => [callsignOf(unit), characterOf(unit), departmentOf(unit)],
    row: (unit) =>
      el(
        'tr',
        {},
        el('td', {}, unit.callsign === null ? own('—') : el('code', { text: unit.callsign })),
        el('td', {}, el('code', { text: departmentOf(unit) })),
        el('td', { text: characterOf(unit) }),
        el('td', {}, own(unit.isActive ? 'yes' : 'no')),
        el(
          'td',
          { class: 'actions' },
          el(
            'button',
            { type: 'button', disabled: !canRoster(), onclick: () => rename(unit) },
            phrase`Rename callsign ${callsignOf(unit)}`,
          ),
          el(
            'button',
            { type: 'button', class: unit.isActive ? 'destructive' : 'quiet', disabled: !canRoster(), onclick: () => toggle(unit) },
            unit.isActive ? phrase`Deactivate unit ${callsignOf(unit)}` : phrase`Activate unit ${callsignOf(unit)}`,
          ),
          el(
            'button',
            { type: 'button', class: 'destructive', disabled: !canRoster(), onclick: () => void remove(unit) },
            phrase`Remove member ${memberOf(unit)}`,
          ),
        ),
      ),
  });

  return {
    /** The units, with each one's character found through the memberships. */
    show(units, memberships, characters, departments) {
      const byMembership = new Map(memberships.map((m) => [m.membershipId, m]));
      names = {
        characters: new Map(characters.map((c) => [c.characterId, c])),
        departments: new Map((departments ?? []).map((d) => [d.departmentId, d])),
      };
      list.show(units.map((u) => ({ ...u, characterId: byMembership.get(u.membershipId)?.characterId ?? null })));
    },
  };
}
