// Onboarding: departments (create, deactivate), then characters and their memberships (roster.js).
import { allPages, call, inOrganisation } from './api.js';
import { byId, el, fillRows, own, phrase, say } from '/shared/dom.js';
import { may, succeed } from './controls.js';
import { searchableList } from './lists.js';
import { rosterPart } from './roster.js';

const SETTINGS = 'organisation.settings.manage';

export function onboardingScreen(who, failed) {
  const form = byId('department-form');
  const status = byId('departments-status');
  const canSettings = () => may(who(), SETTINGS);
  let departments = null;
  const roster = rosterPart(who, failed, () => departments);

  function row(department) {
    const next = !department.isActive;
    return el(
      'tr',
      {},
      el('td', {}, el('code', { text: department.slug })),
      el('td', { text: department.name }),
      el('td', {}, own(department.isActive ? 'yes' : 'no')),
      el(
        'td',
        { class: 'actions' },
        el(
          'button',
          {
            type: 'button',
            // Deactivating takes the department's members off the lists: it looks like what it is.
            class: next ? 'quiet' : 'destructive',
            disabled: !canSettings(),
            onclick: async () => {
              try {
                await call('PATCH', `/departments/${department.departmentId}`, { isActive: next });
                await load();
                const said = next
                  ? phrase`${department.name} (${department.slug}) is now active.`
                  : phrase`${department.name} (${department.slug}) is now inactive.`;
                succeed(status, said);
              } catch (error) {
                failed(error, status);
              }
            },
          },
          next ? phrase`Activate ${department.slug}` : phrase`Deactivate ${department.slug}`,
        ),
      ),
    );
  }

  const list = searchableList({
    bodyId: 'department-rows',
    what: 'departments',
    columns: 4,
    empty: 'No departments yet: create the first one above.',
    words: (d) => [d.slug, d.name],
    row,
  });

  async function load() {
    departments = canSettings() ? await allPages(inOrganisation('/departments')) : null;
    if (departments === null) fillRows(byId('department-rows'), [], 4, 'This key cannot list departments.');
    else list.show(departments);
    await roster.load();
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const created = await call('POST', inOrganisation('/departments'), {
        slug: byId('department-slug').value.trim(),
        name: byId('department-name').value.trim(),
      });
      byId('department-slug').value = '';
      byId('department-name').value = '';
      await load();
      succeed(status, phrase`Created the department ${created.name} (${created.slug}).`);
    } catch (error) {
      failed(error, status, form);
    }
  });

  return { load };
}
