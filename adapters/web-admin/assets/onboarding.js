// Onboarding: departments (create, deactivate), then characters and their memberships (roster.js).
import { allPages, call, inOrganisation } from './api.js';
import { byId, el, fillRows, say } from '/shared/dom.js';
import { may } from './controls.js';
import { rosterPart } from './roster.js';

const SETTINGS = 'organisation.settings.manage';

export function onboardingScreen(who, failed) {
  const status = byId('onboarding-status');
  const canSettings = () => may(who(), SETTINGS);
  let departments = null;
  const roster = rosterPart(who, failed, () => departments);

  function row(department) {
    const next = !department.isActive;
    return el(
      'tr',
      {},
      el('td', { text: department.slug }),
      el('td', { text: department.name }),
      el('td', { text: department.isActive ? 'yes' : 'no' }),
      el(
        'td',
        { class: 'actions' },
        el('button', {
          type: 'button',
          text: `${next ? 'Activate' : 'Deactivate'} ${department.slug}`,
          disabled: !canSettings(),
          onclick: async () => {
            try {
              await call('PATCH', `/departments/${department.departmentId}`, { isActive: next });
              say(status, `${department.slug} is now ${next ? 'active' : 'inactive'}.`);
              await load();
            } catch (error) {
              failed(error);
            }
          },
        }),
      ),
    );
  }

  async function load() {
    departments = canSettings() ? await allPages(inOrganisation('/departments')) : null;
    fillRows(
      byId('department-rows'),
      (departments ?? []).map(row),
      4,
      departments ? 'No departments yet.' : 'This key cannot list departments.',
    );
    await roster.load();
  }

  byId('department-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const created = await call('POST', inOrganisation('/departments'), {
        slug: byId('department-slug').value.trim(),
        name: byId('department-name').value.trim(),
      });
      byId('department-slug').value = '';
      byId('department-name').value = '';
      say(status, `Created the department ${created.slug}.`);
      await load();
    } catch (error) {
      failed(error);
    }
  });

  return { load };
}
