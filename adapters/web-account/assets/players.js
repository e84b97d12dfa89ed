// A player's own characters, vehicles and game links on `/account/` (issue 32), in the first
// organisation the person belongs to. Talks to the account routes only.
import { byId, el, fillRows, own, phrase, say, when } from '/shared/dom.js';
import { showWaitingIdentities } from './waiting-identities.js';

const STATUS_WORDS = { active: 'Active', pending: 'Waiting for approval', retired: 'Retired' };

/** Shows the Characters, Vehicles and (on `/account/link#code=...`) link regions; `send` is the page's fetch. */
export async function showPlayer(send, organisation) {
  if (!organisation) return;
  const base = `/api/v1/account/organisations/${organisation.organisationId}`;
  const { rules, characters } = await send('GET', `${base}/characters`);
  const { vehicles } = await send('GET', `${base}/vehicles`);
  byId('characters-rules').replaceChildren(
    ...phrase`In ${organisation.name}: up to ${String(rules.charactersPerPerson)} characters${rules.characterApproval ? ', each approved before it links' : ''}.`.nodes(),
  );
  const refresh = () => showPlayer(send, organisation);
  fillRows(
    byId('character-rows'),
    characters.map((c) => characterRow(send, c, refresh)),
    5,
    'No character yet: create one below.',
  );
  const keepers = characters.filter((c) => c.status !== 'retired');
  fillOptions(byId('vehicle-owner'), keepers);
  fillOptions(
    byId('link-character'),
    keepers.filter((c) => c.status === 'active'),
  );
  fillRows(
    byId('vehicle-rows'),
    vehicles.map((v) => vehicleRow(send, v, refresh)),
    5,
    'No vehicle registered.',
  );
  await showWaitingIdentities(
    send,
    base,
    keepers.filter((c) => c.status === 'active'),
    refresh,
  );
  byId('characters-section').hidden = false;
  byId('vehicles-section').hidden = false;
  byId('character-form').onsubmit = (event) =>
    submit(event, 'characters-status', async () => {
      const created = await send('POST', `${base}/characters`, {
        firstName: byId('character-first-name').value,
        lastName: byId('character-last-name').value,
      });
      event.target.reset();
      await refresh();
      return phrase`Created ${created.displayName}.`;
    });
  byId('vehicle-form').onsubmit = (event) =>
    submit(event, 'vehicles-status', async () => {
      const value = (id) => byId(id).value.trim() || null;
      const body = {
        plate: byId('vehicle-plate').value,
        make: value('vehicle-make'),
        model: value('vehicle-model'),
        color: value('vehicle-colour'),
        ownerCharacterId: byId('vehicle-owner').value,
      };
      const registered = await send('POST', `${base}/vehicles`, body);
      event.target.reset();
      await refresh();
      return phrase`Registered ${registered.plate} to ${registered.ownerDisplayName}.`;
    });
  const code = new URLSearchParams(location.hash.slice(1)).get('code');
  if (location.pathname.endsWith('/link') && code) {
    byId('link-section').hidden = false;
    byId('link-form').onsubmit = (event) =>
      submit(event, 'link-status', async () => {
        const answer = await send('POST', '/api/v1/account/link', { code, characterId: byId('link-character').value });
        if (!answer.linked) throw new Error('This link was used, has expired or does not exist: type /cadlink in the game again.');
        history.replaceState(null, '', '/account/');
        await refresh();
        return phrase`Linked to ${answer.displayName}: the game knows it from its next call.`;
      });
  }
}

function fillOptions(select, characters) {
  select.replaceChildren(...characters.map((c) => el('option', { value: c.characterId, text: c.displayName })));
}

async function submit(event, statusId, work) {
  event.preventDefault();
  try {
    say(byId(statusId), await work(), 'success');
  } catch (error) {
    say(byId(statusId), error.message, 'error');
  }
}

function characterRow(send, c, refresh) {
  const act = (label, work) =>
    el('button', {
      type: 'button',
      text: label,
      'aria-label': `${label} for ${c.displayName}`,
      onclick: () => submit({ preventDefault() {} }, 'characters-status', work),
    });
  const links = c.links.map((l) =>
    el(
      'li',
      {},
      el('bdi', { text: `${l.kind}: ${l.value}` }),
      ' ',
      act('Unlink', async () => {
        await send('POST', `/api/v1/account/characters/${c.characterId}/unlink`, { kind: l.kind, value: l.value });
        await refresh();
        return phrase`Unlinked ${l.value}.`;
      }),
    ),
  );
  const roster = c.memberships.map((m) => el('li', { text: `${m.departmentName}${m.callsign ? ` (${m.callsign})` : ''}` }));
  const actions =
    c.status !== 'active'
      ? []
      : [
          act('Generate link code', async () => {
            const { code, expiresAt } = await send('POST', `/api/v1/account/characters/${c.characterId}/link-codes`);
            say(
              byId('link-code-shown'),
              phrase`Link code for ${c.displayName}: ${code} (type /cadlink ${code} in the game before ${when(expiresAt)}).`,
              'success',
            );
            return '';
          }),
          act('Retire', async () => {
            await send('POST', `/api/v1/account/characters/${c.characterId}/retire`);
            await refresh();
            return phrase`Retired ${c.displayName}.`;
          }),
        ];
  return el(
    'tr',
    {},
    el('td', {}, el('bdi', { text: c.displayName }), own(` — ${STATUS_WORDS[c.status] ?? c.status}`)),
    el('td', { text: c.recordId ?? '—' }),
    el('td', {}, links.length ? el('ul', {}, ...links) : own('None linked')),
    el('td', {}, roster.length ? el('ul', {}, ...roster) : own('Not on a roster')),
    el('td', {}, ...actions),
  );
}

function vehicleRow(send, v, refresh) {
  const stolen = v.registrationStatus === 'STOLEN';
  const label = stolen ? 'Report found' : 'Report stolen';
  const report = el('button', {
    type: 'button',
    text: label,
    'aria-label': `${label}: ${v.plate}`,
    onclick: () =>
      submit({ preventDefault() {} }, 'vehicles-status', async () => {
        await send('POST', `/api/v1/account/vehicles/${v.vehicleId}/stolen`, { stolen: !stolen });
        await refresh();
        return phrase`${v.plate} is ${stolen ? 'no longer reported stolen' : 'reported stolen'}.`;
      }),
  });
  const details = [v.color, v.make, v.model].filter(Boolean).join(' ') || '—';
  return el(
    'tr',
    {},
    el('td', { text: v.plate }),
    el('td', { text: details }),
    el('td', { text: v.ownerDisplayName }),
    el('td', { text: v.registrationStatus }),
    el('td', {}, report),
  );
}
