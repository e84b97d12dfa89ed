// The Records screen's form parts: a labelled control with a place for the service's objection
// beside it, a text field, a choice, and a form of them under a legend.
import { el, own } from '/shared/dom.js';

export const RECORDS = 'records.manage';

/** A labelled control named `name` in the form `form`, with a place for the service's objection beside it. */
export function field(form, name, label, control) {
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

export const input = (attributes = {}) => el('input', { autocomplete: 'off', ...attributes });
export const choice = (...options) => el('select', {}, ...options.map(([value, words]) => el('option', { value }, own(words))));

/** The warrant statuses as the page names them. */
export const WARRANT_STATUS_CHOICES = [
  ['ACTIVE', 'Active'],
  ['SERVED', 'Served'],
  ['RECALLED', 'Recalled'],
];

export function form(id, legend, permission, button, ...fields) {
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

/** A table of records in a scrolling region named `<caption> table`, with the body `bodyId`. */
export function recordTable(caption, bodyId, headings) {
  return el(
    'div',
    { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': `${caption} table` },
    el(
      'table',
      { class: 'stacks' },
      el('caption', {}, own(caption)),
      el('thead', {}, el('tr', {}, ...headings.map((h) => el('th', { scope: 'col' }, own(h))))),
      el('tbody', { id: bodyId }),
    ),
  );
}
