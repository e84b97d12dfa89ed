// Organisation settings: every setting of the organisation, each a labelled control, saved at once
// through the organisation's PATCH; a refused field is named beside its control.
import { allPages, call, inOrganisation } from './api.js';
import { byId, el, own, phrase } from '/shared/dom.js';
import { clearFieldErrors, may, showFieldErrors, succeed } from './controls.js';

const SETTINGS = 'organisation.settings.manage';

/** A labelled control with a hint and a place for the service's objection beside it. */
function field(name, label, control, hint) {
  const id = `setting-${name}`;
  control.id = id;
  control.name = name;
  control.dataset.field = name;
  const described = [hint ? `${id}-hint` : null, `${id}-error`].filter(Boolean).join(' ');
  control.setAttribute('aria-describedby', described);
  const error = el('p', { id: `${id}-error`, class: 'field-error', hidden: true });
  const parts =
    control.type === 'checkbox'
      ? [el('label', { class: 'check' }, control, own(` ${label}`))]
      : [el('label', { for: id }, own(label)), control];
  return el('div', { class: 'field' }, ...parts, hint ? el('p', { id: `${id}-hint`, class: 'hint' }, own(hint)) : null, error);
}

const number = (attributes) => el('input', { type: 'number', inputmode: 'decimal', ...attributes });
const choice = (options) => el('select', {}, ...options.map(([value, words]) => el('option', { value }, own(words))));
const box = () => el('input', { type: 'checkbox' });

function build() {
  const form = el('form', { id: 'settings-form', class: 'stack', novalidate: true });
  const general = el(
    'fieldset',
    { 'data-permission': SETTINGS, 'data-reason': 'settings-reason' },
    el('legend', {}, own('Organisation settings')),
    field('name', 'Organisation’s name', el('input', { maxlength: '100' })),
    field('autoProvision', 'Auto-provisioning: /duty creates a player it has never seen', box()),
    field(
      'emergencyDepartmentId',
      'Department that takes /911',
      el('select'),
      'Without one, a call goes to the department of the game server that sent it.',
    ),
    field(
      'joinRule',
      'Who may join',
      choice([
        ['invitation', 'Only by invitation'],
        ['approval', 'They ask, and wait for approval'],
        ['open', 'Anyone may join'],
      ]),
    ),
    field(
      'charactersPerPerson',
      'Characters per person',
      number({ min: '0', step: '1' }),
      'Characters (not retired) one account may hold here.',
    ),
    field('characterApproval', 'New characters wait for approval', box()),
    field(
      'trustedIdentityLink',
      'Link by trusted identity: a Discord sign-in links the game player with the same Discord id, no code',
      box(),
    ),
    field('concurrentAccountsMax', 'Connected accounts limit', number({ min: '0', step: '1' }), 'Empty for no limit.'),
    field('arrivalRadius', 'Arrival radius (map units)', number({ step: 'any' }), 'How near its pin a unit counts as on scene.'),
    field(
      'staleUnitMinutes',
      'Minutes before a silent unit goes stale',
      number({ min: '1', step: '1' }),
      'The board greys a unit not heard from for this long.',
    ),
    field(
      'mapType',
      'Map type',
      choice([
        ['game_tiles', 'Game coordinates (tiles)'],
        ['static_image', 'One image'],
      ]),
    ),
  );
  const layer = el(
    'fieldset',
    { id: 'setting-mapLayer', 'data-field': 'mapLayer', 'aria-describedby': 'setting-mapLayer-hint setting-mapLayer-error' },
    el('legend', {}, own('Map layer')),
    el(
      'p',
      { id: 'setting-mapLayer-hint', class: 'hint' },
      own('A tile URL template with {z}, {x} and {y}, or one image, over these bounds in game coordinates. All empty: a plain grid.'),
    ),
    field('tileUrlTemplate', 'Tile URL template', el('input', { type: 'url', spellcheck: 'false', autocomplete: 'off' })),
    field('imageUrl', 'Image URL', el('input', { type: 'url', spellcheck: 'false', autocomplete: 'off' })),
    ...[
      ['minX', 'Minimum X'],
      ['minY', 'Minimum Y'],
      ['maxX', 'Maximum X'],
      ['maxY', 'Maximum Y'],
    ].map(([name, label]) => field(name, label, number({ step: 'any' }))),
    el('p', { id: 'setting-mapLayer-error', class: 'field-error', hidden: true }),
  );
  general.append(layer, el('button', { type: 'submit' }, own('Save settings')));
  form.append(general);
  byId('settings-screen').append(
    el('h2', { id: 'settings-title' }, own('Settings')),
    el('p', { id: 'settings-reason', class: 'reason', hidden: true }),
    form,
    el('p', { id: 'settings-status', class: 'message', role: 'status' }),
  );
  return form;
}

const value = (name) => byId(`setting-${name}`);
/** A number field: its number, null when empty, and what was typed when it is no number (the service says why). */
function numberOf(name) {
  const input = value(name);
  if (input.value === '') return input.validity.badInput ? 'not a number' : null;
  return Number(input.value);
}

export function settingsScreen(who, failed) {
  const form = build();
  const status = byId('settings-status');

  function show(organisation, departments) {
    value('name').value = organisation.name;
    for (const name of ['autoProvision', 'characterApproval', 'trustedIdentityLink']) value(name).checked = organisation[name];
    for (const name of ['joinRule', 'mapType', 'charactersPerPerson', 'arrivalRadius', 'staleUnitMinutes'])
      value(name).value = String(organisation[name]);
    value('concurrentAccountsMax').value = organisation.concurrentAccountsMax === null ? '' : String(organisation.concurrentAccountsMax);
    value('emergencyDepartmentId').replaceChildren(
      el('option', { value: '' }, own('The calling server’s department')),
      ...departments
        .filter((d) => d.isActive || d.departmentId === organisation.emergencyDepartmentId)
        .map((d) => el('option', { value: d.departmentId }, phrase`${d.name} (${d.slug})`)),
    );
    value('emergencyDepartmentId').value = organisation.emergencyDepartmentId ?? '';
    const layer = organisation.mapLayer;
    value('tileUrlTemplate').value = layer?.tileUrlTemplate ?? '';
    value('imageUrl').value = layer?.imageUrl ?? '';
    for (const name of ['minX', 'minY', 'maxX', 'maxY']) value(name).value = layer ? String(layer.bounds[name]) : '';
  }

  function mapLayer() {
    const names = ['tileUrlTemplate', 'imageUrl', 'minX', 'minY', 'maxX', 'maxY'];
    if (names.every((name) => value(name).value.trim() === '' && !value(name).validity.badInput)) return null;
    const text = (name) => (value(name).value.trim() === '' ? null : value(name).value.trim());
    return {
      tileUrlTemplate: text('tileUrlTemplate'),
      imageUrl: text('imageUrl'),
      bounds: { minX: numberOf('minX'), minY: numberOf('minY'), maxX: numberOf('maxX'), maxY: numberOf('maxY') },
    };
  }

  function changes() {
    return {
      name: value('name').value.trim(),
      autoProvision: value('autoProvision').checked,
      emergencyDepartmentId: value('emergencyDepartmentId').value || null,
      joinRule: value('joinRule').value,
      charactersPerPerson: numberOf('charactersPerPerson'),
      characterApproval: value('characterApproval').checked,
      trustedIdentityLink: value('trustedIdentityLink').checked,
      concurrentAccountsMax: numberOf('concurrentAccountsMax'),
      arrivalRadius: numberOf('arrivalRadius'),
      staleUnitMinutes: numberOf('staleUnitMinutes'),
      mapType: value('mapType').value,
      mapLayer: mapLayer(),
    };
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearFieldErrors(form);
    try {
      const organisation = await call('PATCH', inOrganisation(), changes());
      show(organisation, await allPages(inOrganisation('/departments')));
      succeed(status, own('Settings saved.'));
    } catch (error) {
      failed(error, status, form);
      showFieldErrors(form, error);
    }
  });

  return {
    async load() {
      clearFieldErrors(form);
      if (!may(who(), SETTINGS)) return;
      const [organisation, departments] = await Promise.all([call('GET', inOrganisation()), allPages(inOrganisation('/departments'))]);
      show(organisation, departments);
    },
  };
}
