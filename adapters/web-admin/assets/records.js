// Records an operator keeps by hand: the civilians (listed, searched and paged), civilians found by
// name and vehicles by plate (the board's look-ups), and new civilians, vehicles and warrants.
// Editing a record has no operator route yet.
import { allPages, call, inOrganisation } from './api.js';
import { byId, el, fillRows, own, phrase } from '/shared/dom.js';
import { clearFieldErrors, may, showFieldErrors, succeed } from './controls.js';
import { searchableList } from './lists.js';

const RECORDS = 'records.manage';
const LOOK_UP = 'dispatch.view';

/** A labelled control named `name` in the form `form`, with a place for the service's objection beside it. */
function field(form, name, label, control) {
  const id = `${form}-${name}`;
  Object.assign(control, { id, name });
  control.dataset.field = name;
  control.setAttribute('aria-describedby', `${id}-error`);
  return el(
    'div',
    { class: 'field' },
    el('label', { for: id }, own(label)),
    control,
    el('p', { id: `${id}-error`, class: 'field-error', hidden: true }),
  );
}

const input = (attributes = {}) => el('input', { autocomplete: 'off', ...attributes });
const choice = (...options) => el('select', {}, ...options.map(([value, words]) => el('option', { value }, own(words))));

function form(id, legend, permission, button, ...fields) {
  return el(
    'form',
    { id, class: 'row', novalidate: true },
    el(
      'fieldset',
      { 'data-permission': permission, 'data-reason': 'records-reason' },
      el('legend', {}, own(legend)),
      ...fields,
      el('button', { type: 'submit' }, own(button)),
    ),
  );
}

function build() {
  const civilianChoice = () => choice(['', 'Find or create a civilian first']);
  byId('records-screen').append(
    el('h2', { id: 'records-title' }, own('Records')),
    el('p', { id: 'records-reason', class: 'reason', hidden: true }),
    form(
      'find-person',
      'Find a civilian',
      LOOK_UP,
      'Find civilian',
      field('find-person', 'firstName', 'Given name', input({ maxlength: '60' })),
      field('find-person', 'lastName', 'Family name', input({ maxlength: '60' })),
    ),
    form(
      'find-vehicle',
      'Find a vehicle',
      LOOK_UP,
      'Find vehicle',
      field('find-vehicle', 'plate', 'Plate', input({ maxlength: '20', spellcheck: 'false' })),
    ),
    el('p', { id: 'records-found-status', class: 'message', role: 'status' }),
    el(
      'div',
      { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': 'Records found table' },
      el(
        'table',
        { class: 'stacks' },
        el('caption', {}, own('Records found')),
        el('thead', {}, el('tr', {}, ...['Record', 'Details', 'Civilian id'].map((h) => el('th', { scope: 'col' }, own(h))))),
        el('tbody', { id: 'records-found' }),
      ),
    ),
    el('h3', {}, own('Civilians')),
    el(
      'div',
      { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': 'Civilians table' },
      el(
        'table',
        { class: 'stacks' },
        el('caption', {}, own('Civilian records')),
        el('thead', {}, el('tr', {}, ...['Civilian', 'Date of birth', 'Licence'].map((h) => el('th', { scope: 'col' }, own(h))))),
        el('tbody', { id: 'civilian-rows' }),
      ),
    ),
    form(
      'new-civilian',
      'New civilian',
      RECORDS,
      'Create civilian',
      field('new-civilian', 'firstName', 'Given name', input({ maxlength: '60' })),
      field('new-civilian', 'lastName', 'Family name', input({ maxlength: '60' })),
      field('new-civilian', 'dateOfBirth', 'Date of birth', input({ type: 'date' })),
      field('new-civilian', 'licenseStatus', 'Licence status (optional)', input({ maxlength: '32', placeholder: 'VALID' })),
    ),
    form(
      'new-vehicle',
      'New vehicle',
      RECORDS,
      'Register vehicle',
      field('new-vehicle', 'plate', 'Plate', input({ maxlength: '20', spellcheck: 'false' })),
      field('new-vehicle', 'make', 'Make', input({ maxlength: '60' })),
      field('new-vehicle', 'model', 'Model', input({ maxlength: '60' })),
      field('new-vehicle', 'color', 'Colour', input({ maxlength: '40' })),
      field('new-vehicle', 'ownerCivilianId', 'Registered owner', civilianChoice()),
    ),
    form(
      'new-warrant',
      'New warrant',
      RECORDS,
      'Issue warrant',
      field('new-warrant', 'civilianId', 'Wanted civilian', civilianChoice()),
      field('new-warrant', 'status', 'Warrant status', choice(['ACTIVE', 'Active'], ['SERVED', 'Served'], ['RECALLED', 'Recalled'])),
      field('new-warrant', 'description', 'Description', el('textarea', { maxlength: '2000', rows: '3' })),
    ),
    el('p', { id: 'records-status', class: 'message', role: 'status' }),
  );
}

export function recordsScreen(who, failed) {
  build();
  const status = byId('records-status');
  const foundStatus = byId('records-found-status');
  /** The civilians on the list (narrowed by its search) or met on this screen, offered as owners and wanted persons. */
  const known = new Map();
  let offered = [];
  const civilians = searchableList({
    bodyId: 'civilian-rows',
    what: 'civilians',
    columns: 3,
    empty: 'No civilians yet: create one below.',
    words: (c) => [c.firstName, c.lastName, c.dateOfBirth ?? '', c.licenseStatus],
    row: (c) =>
      el(
        'tr',
        {},
        el('td', {}, phrase`${c.firstName} ${c.lastName}`),
        el('td', {}, own(c.dateOfBirth ?? '—')),
        el('td', { text: c.licenseStatus }),
      ),
    // The vehicle and warrant forms offer the civilians the search found.
    onSearch: (found) => {
      offered = found;
      offerCivilians();
    },
  });
  const value = (id) => byId(id).value.trim();

  function offerCivilians() {
    for (const id of ['new-vehicle-ownerCivilianId', 'new-warrant-civilianId']) {
      const select = byId(id);
      const chosen = select.value;
      const none = id === 'new-vehicle-ownerCivilianId' ? 'No owner' : 'Find or create a civilian first';
      select.replaceChildren(
        el('option', { value: '' }, own(none)),
        ...[...new Map([...offered, ...known.values()].map((c) => [c.civilianId, c])).values()].map((c) =>
          el('option', { value: c.civilianId }, phrase`${c.firstName} ${c.lastName} (${c.dateOfBirth ?? 'no date of birth'})`),
        ),
      );
      select.value = chosen;
    }
  }

  function remember(civilian) {
    known.set(civilian.civilianId, civilian);
    offerCivilians();
  }

  /** Submits a form's body; the service's objections are said beside each field. */
  function submit(id, send, region = status) {
    const element = byId(id);
    element.addEventListener('submit', async (event) => {
      event.preventDefault();
      clearFieldErrors(element);
      try {
        await send();
      } catch (error) {
        failed(error, region, element);
        showFieldErrors(element, error);
      }
    });
  }

  submit(
    'find-person',
    async () => {
      const query = new URLSearchParams({ firstName: value('find-person-firstName'), lastName: value('find-person-lastName') });
      const { matches } = await call('GET', inOrganisation(`/lookup/person?${query}`));
      matches.forEach(remember);
      const rows = matches.map((c) =>
        el(
          'tr',
          {},
          el('td', {}, phrase`${c.firstName} ${c.lastName}`),
          el('td', {}, phrase`born ${c.dateOfBirth ?? '—'}, licence ${c.licenseStatus}`),
          el('td', {}, el('code', { text: c.civilianId })),
        ),
      );
      fillRows(byId('records-found'), rows, 3, 'No civilian has that name.');
      succeed(foundStatus, own(`${matches.length} found.`));
    },
    foundStatus,
  );

  submit(
    'find-vehicle',
    async () => {
      const { vehicle } = await call(
        'GET',
        inOrganisation(`/lookup/vehicle?${new URLSearchParams({ plate: value('find-vehicle-plate') })}`),
      );
      const rows = vehicle
        ? [
            el(
              'tr',
              {},
              el('td', {}, phrase`${vehicle.plate}`),
              el(
                'td',
                {},
                phrase`${[vehicle.color, vehicle.make, vehicle.model].filter(Boolean).join(' ') || '—'}, ${vehicle.registrationStatus}, owner ${vehicle.ownerDisplayName ?? 'none'}`,
              ),
              el('td', {}, vehicle.ownerCivilianId ? el('code', { text: vehicle.ownerCivilianId }) : own('—')),
            ),
          ]
        : [];
      fillRows(byId('records-found'), rows, 3, 'No vehicle has that plate.');
      succeed(foundStatus, own(vehicle ? '1 found.' : '0 found.'));
    },
    foundStatus,
  );

  const optional = (id) => (value(id) === '' ? undefined : value(id));
  const orNull = (id) => (value(id) === '' ? null : value(id));

  submit('new-civilian', async () => {
    const made = await call('POST', inOrganisation('/civilians'), {
      firstName: value('new-civilian-firstName'),
      lastName: value('new-civilian-lastName'),
      dateOfBirth: value('new-civilian-dateOfBirth'),
      licenseStatus: optional('new-civilian-licenseStatus'),
    });
    remember(made);
    for (const name of ['firstName', 'lastName', 'dateOfBirth', 'licenseStatus']) byId(`new-civilian-${name}`).value = '';
    await listCivilians();
    succeed(status, phrase`Created the civilian ${made.firstName} ${made.lastName}.`);
  });

  submit('new-vehicle', async () => {
    const made = await call('POST', inOrganisation('/vehicles'), {
      plate: value('new-vehicle-plate'),
      make: orNull('new-vehicle-make'),
      model: orNull('new-vehicle-model'),
      color: orNull('new-vehicle-color'),
      ownerCivilianId: orNull('new-vehicle-ownerCivilianId'),
    });
    for (const name of ['plate', 'make', 'model', 'color']) byId(`new-vehicle-${name}`).value = '';
    succeed(status, phrase`Registered the vehicle ${made.plate}.`);
  });

  submit('new-warrant', async () => {
    const civilian = known.get(value('new-warrant-civilianId'));
    await call('POST', inOrganisation('/warrants'), {
      civilianId: value('new-warrant-civilianId'),
      status: value('new-warrant-status'),
      description: orNull('new-warrant-description'),
    });
    byId('new-warrant-description').value = '';
    succeed(status, civilian ? phrase`Issued a warrant for ${civilian.firstName} ${civilian.lastName}.` : own('Issued the warrant.'));
  });

  async function listCivilians() {
    if (!may(who(), RECORDS)) return fillRows(byId('civilian-rows'), [], 3, 'Listing civilians needs records.manage.');
    civilians.show(await allPages(inOrganisation('/civilians')));
  }

  return {
    async load() {
      await listCivilians();
      for (const id of ['find-person', 'find-vehicle', 'new-civilian', 'new-vehicle', 'new-warrant']) clearFieldErrors(byId(id));
      offerCivilians();
      if (!may(who(), LOOK_UP)) fillRows(byId('records-found'), [], 3, 'Finding records needs dispatch.view.');
    },
  };
}
