// Records an operator keeps by hand: civilians, vehicles and warrants listed, searched, paged and
// edited (record-lists.js, record-editor.js), civilians found by name and vehicles by plate (the
// board's look-ups), and new civilians, vehicles and warrants.
import { call, inOrganisation } from './api.js';
import { byId, el, fillRows, own, phrase } from '/shared/dom.js';
import { clearFieldErrors, may, showFieldErrors, succeed } from './controls.js';
import { editorDialog, recordEditor } from './record-editor.js';
import { RECORDS, WARRANT_STATUS_CHOICES, choice, field, form, input, recordTable } from './record-forms.js';
import { recordLists } from './record-lists.js';

const LOOK_UP = 'dispatch.view';

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
    recordTable('Records found', 'records-found', ['Record', 'Details', 'Civilian id']),
    el('h3', {}, own('Civilians')),
    recordTable('Civilian records', 'civilian-rows', ['Civilian', 'Date of birth', 'Licence', 'Actions']),
    el('p', { id: 'civilian-rows-status', class: 'message', role: 'status' }),
    el('h3', {}, own('Vehicles')),
    recordTable('Vehicle registrations', 'vehicle-rows', ['Plate', 'Vehicle', 'Registered owner', 'Registration', 'Actions']),
    el('p', { id: 'vehicle-rows-status', class: 'message', role: 'status' }),
    el('h3', {}, own('Warrants')),
    recordTable('Warrants issued', 'warrant-rows', ['Wanted', 'Status', 'Description', 'Issued', 'Actions']),
    el('p', { id: 'warrant-rows-status', class: 'message', role: 'status' }),
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
      field('new-warrant', 'status', 'Warrant status', choice(...WARRANT_STATUS_CHOICES)),
      field('new-warrant', 'description', 'Description', el('textarea', { maxlength: '2000', rows: '3' })),
    ),
    el('p', { id: 'records-status', class: 'message', role: 'status' }),
    editorDialog(),
  );
}

export function recordsScreen(who, failed) {
  build();
  const status = byId('records-status');
  const foundStatus = byId('records-found-status');
  /** The civilians on the list (narrowed by its search) or met on this screen, offered as owners and wanted persons. */
  const known = new Map();
  let offered = [];
  const editor = recordEditor(failed, () => lists.reload());
  // The vehicle and warrant forms offer the civilians the civilians search found.
  const lists = recordLists({
    who,
    failed,
    editor,
    onCivilianSearch: (found) => {
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
    await lists.reload();
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
    await lists.reload();
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
    await lists.reload();
    succeed(status, civilian ? phrase`Issued a warrant for ${civilian.firstName} ${civilian.lastName}.` : own('Issued the warrant.'));
  });

  return {
    async load() {
      await lists.reload();
      for (const id of ['find-person', 'find-vehicle', 'new-civilian', 'new-vehicle', 'new-warrant']) clearFieldErrors(byId(id));
      offerCivilians();
      if (!may(who(), LOOK_UP)) fillRows(byId('records-found'), [], 3, 'Finding records needs dispatch.view.');
    },
  };
}
