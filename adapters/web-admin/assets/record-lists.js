// The Records screen's lists: civilians, vehicles and warrants, each read whole and searched and
// paged in the page (decision 0136), each row edited in the Edit dialog or changed by one button
// (a licence suspended, a vehicle marked stolen, a warrant served or recalled; decision 0145).
import { allPages, call, inOrganisation } from './api.js';
import { byId, el, fillRows, own, phrase, when } from '/shared/dom.js';
import { may, succeed } from './controls.js';
import { searchableList } from './lists.js';
import { RECORDS, WARRANT_STATUS_CHOICES, choice, input } from './record-forms.js';

const STATUS_WORDS = Object.fromEntries(WARRANT_STATUS_CHOICES);
const SUSPENDED = 'SUSPENDED';
const STOLEN = 'STOLEN';

/** `onCivilianSearch(found)` is told which civilians the civilians search found, for the forms' choices. */
export function recordLists({ who, failed, editor, onCivilianSearch }) {
  const allowed = () => may(who(), RECORDS);
  /** Every civilian of the organisation, by id: owners and wanted persons are named from it. */
  let civilians = new Map();
  const nameOf = (civilianId) => {
    const civilian = civilians.get(civilianId);
    return civilian ? `${civilian.firstName} ${civilian.lastName}` : null;
  };
  const vehicleWords = (v) => [v.color, v.make, v.model].filter(Boolean).join(' ') || '—';

  const button = (words, onclick, kind = '') => el('button', { type: 'button', class: kind || null, disabled: !allowed(), onclick }, words);

  /**
   * One button's change of a record: its PATCH, the lists read again, and what was done said in
   * `region` (`<list's body id>-status`); the button is drawn anew, so focus goes to the list's table.
   */
  async function change(path, body, region, done) {
    try {
      const record = await call('PATCH', inOrganisation(path), body);
      await reload();
      succeed(region, done(record));
      if (document.activeElement === null || document.activeElement === document.body)
        byId(region.id.replace(/-status$/, ''))
          ?.closest('.scroll')
          ?.focus();
    } catch (error) {
      failed(error, region);
    }
  }

  const civilianList = searchableList({
    bodyId: 'civilian-rows',
    what: 'civilians',
    columns: 4,
    empty: 'No civilians yet: create one below.',
    words: (c) => [c.firstName, c.lastName, c.dateOfBirth ?? '', c.licenseStatus],
    row: (c) => {
      const region = byId('civilian-rows-status');
      const suspended = c.licenseStatus === SUSPENDED;
      const licence = () =>
        change(
          `/civilians/${c.civilianId}`,
          { licenseStatus: suspended ? 'VALID' : SUSPENDED },
          region,
          (made) => phrase`The licence of ${made.firstName} ${made.lastName} is now ${made.licenseStatus}.`,
        );
      return el(
        'tr',
        {},
        el('td', {}, phrase`${c.firstName} ${c.lastName}`),
        el('td', {}, own(c.dateOfBirth ?? '—')),
        el('td', { text: c.licenseStatus }),
        el(
          'td',
          { class: 'actions' },
          button(phrase`Edit civilian ${c.firstName} ${c.lastName}`, (event) => editCivilian(c, event.currentTarget)),
          button(
            suspended ? phrase`Restore licence of ${c.firstName} ${c.lastName}` : phrase`Suspend licence of ${c.firstName} ${c.lastName}`,
            licence,
            suspended ? 'quiet' : 'destructive',
          ),
        ),
      );
    },
    onSearch: onCivilianSearch,
  });

  function editCivilian(c, opener) {
    editor.open({
      title: phrase`Edit civilian ${c.firstName} ${c.lastName}`,
      path: inOrganisation(`/civilians/${c.civilianId}`),
      fields: [
        { name: 'firstName', label: 'Given name', value: c.firstName, control: input({ maxlength: '60' }) },
        { name: 'lastName', label: 'Family name', value: c.lastName, control: input({ maxlength: '60' }) },
        { name: 'dateOfBirth', label: 'Date of birth', value: c.dateOfBirth, control: input({ type: 'date' }), nullable: true },
        { name: 'licenseStatus', label: 'Licence status', value: c.licenseStatus, control: input({ maxlength: '32' }) },
      ],
      region: byId('civilian-rows-status'),
      done: (made) => phrase`Saved the civilian ${made.firstName} ${made.lastName}.`,
      returnTo: opener.closest('.scroll'),
    });
  }

  const vehicleList = searchableList({
    bodyId: 'vehicle-rows',
    what: 'vehicles',
    columns: 5,
    empty: 'No vehicles yet: register one below.',
    words: (v) => [v.plate, v.plate.replace(/\s+/g, ''), vehicleWords(v), nameOf(v.ownerCivilianId) ?? '', v.registrationStatus],
    row: (v) => {
      const region = byId('vehicle-rows-status');
      const stolen = v.registrationStatus === STOLEN;
      const report = () =>
        change(`/vehicles/${v.vehicleId}`, { registrationStatus: stolen ? 'VALID' : STOLEN }, region, (made) =>
          stolen ? phrase`The vehicle ${made.plate} is recovered: VALID again.` : phrase`The vehicle ${made.plate} is marked stolen.`,
        );
      const owner = nameOf(v.ownerCivilianId);
      return el(
        'tr',
        {},
        el('td', {}, el('code', { text: v.plate })),
        el('td', { text: vehicleWords(v) }),
        el('td', {}, owner === null ? own('—') : phrase`${owner}`),
        el('td', { text: v.registrationStatus }),
        el(
          'td',
          { class: 'actions' },
          button(phrase`Edit vehicle ${v.plate}`, (event) => editVehicle(v, event.currentTarget)),
          button(stolen ? phrase`Mark recovered ${v.plate}` : phrase`Mark stolen ${v.plate}`, report, stolen ? 'quiet' : 'destructive'),
        ),
      );
    },
  });

  /** A choice of registered owner: none, or any civilian of the organisation. */
  const ownerChoice = () =>
    el(
      'select',
      {},
      el('option', { value: '' }, own('No owner')),
      ...[...civilians.values()].map((c) =>
        el('option', { value: c.civilianId }, phrase`${c.firstName} ${c.lastName} (${c.dateOfBirth ?? 'no date of birth'})`),
      ),
    );

  function editVehicle(v, opener) {
    const text = (name, label, value, maxlength) => ({ name, label, value, control: input({ maxlength }), nullable: true });
    editor.open({
      title: phrase`Edit vehicle ${v.plate}`,
      path: inOrganisation(`/vehicles/${v.vehicleId}`),
      fields: [
        text('make', 'Make', v.make, '60'),
        text('model', 'Model', v.model, '60'),
        text('color', 'Colour', v.color, '40'),
        { name: 'ownerCivilianId', label: 'Registered owner', value: v.ownerCivilianId, control: ownerChoice(), nullable: true },
        { name: 'registrationStatus', label: 'Registration status', value: v.registrationStatus, control: input({ maxlength: '32' }) },
      ],
      region: byId('vehicle-rows-status'),
      done: (made) => phrase`Saved the vehicle ${made.plate}.`,
      returnTo: opener.closest('.scroll'),
    });
  }

  const wantedOf = (w) => nameOf(w.civilianId) ?? w.civilianId;
  const warrantList = searchableList({
    bodyId: 'warrant-rows',
    what: 'warrants',
    columns: 5,
    empty: 'No warrants yet: issue one below.',
    words: (w) => [wantedOf(w), STATUS_WORDS[w.status] ?? w.status, w.description ?? ''],
    row: (w) => {
      const region = byId('warrant-rows-status');
      const wanted = wantedOf(w);
      const move =
        (status, done, question = null) =>
        () => {
          if (question !== null && !window.confirm(String(question))) return;
          void change(`/warrants/${w.warrantId}`, { status }, region, () => done);
        };
      const moves =
        w.status === 'ACTIVE'
          ? [
              button(
                phrase`Mark warrant served for ${wanted}`,
                move(
                  'SERVED',
                  phrase`The warrant for ${wanted} is served.`,
                  phrase`Mark the warrant for ${wanted} served? A served warrant stays served.`,
                ),
              ),
              button(phrase`Recall warrant for ${wanted}`, move('RECALLED', phrase`The warrant for ${wanted} is recalled.`), 'destructive'),
            ]
          : w.status === 'RECALLED'
            ? [button(phrase`Reinstate warrant for ${wanted}`, move('ACTIVE', phrase`The warrant for ${wanted} is active again.`), 'quiet')]
            : [];
      return el(
        'tr',
        {},
        el('td', {}, phrase`${wanted}`),
        el('td', {}, own(STATUS_WORDS[w.status] ?? w.status)),
        el('td', { text: w.description ?? '—' }),
        el('td', {}, own(when(w.createdAt))),
        el(
          'td',
          { class: 'actions' },
          button(phrase`Edit warrant for ${wanted}`, (event) => editWarrant(w, event.currentTarget)),
          ...moves,
        ),
      );
    },
  });

  function editWarrant(w, opener) {
    editor.open({
      title: phrase`Edit warrant for ${wantedOf(w)}`,
      path: inOrganisation(`/warrants/${w.warrantId}`),
      fields: [
        { name: 'status', label: 'Warrant status', value: w.status, control: choice(...WARRANT_STATUS_CHOICES) },
        {
          name: 'description',
          label: 'Description',
          value: w.description,
          control: el('textarea', { maxlength: '2000', rows: '3' }),
          nullable: true,
        },
      ],
      region: byId('warrant-rows-status'),
      done: () => phrase`Saved the warrant for ${wantedOf(w)}.`,
      returnTo: opener.closest('.scroll'),
    });
  }

  /** Reads the three lists again (each whole, a page of 200 at a time), or says which permission they need. */
  async function reload() {
    if (!allowed()) {
      fillRows(byId('civilian-rows'), [], 4, 'Listing civilians needs records.manage.');
      fillRows(byId('vehicle-rows'), [], 5, 'Listing vehicles needs records.manage.');
      fillRows(byId('warrant-rows'), [], 5, 'Listing warrants needs records.manage.');
      return;
    }
    const [people, vehicles, warrants] = await Promise.all(
      ['/civilians', '/vehicles', '/warrants'].map((path) => allPages(inOrganisation(path))),
    );
    civilians = new Map(people.map((c) => [c.civilianId, c]));
    civilianList.show(people);
    vehicleList.show(vehicles);
    warrantList.show(warrants);
  }

  return { reload };
}
