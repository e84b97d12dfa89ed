// The admin page's own controls: what the signed-in key may do, and the department choice.
import { ApiError } from './api.js';
import { byId, el, own, phrase, say } from '/shared/dom.js';
import { message } from './words.js';

/**
 * What the signed-in key may do: a form or button that needs a permission it lacks is disabled,
 * and the reason is shown beside it (never an error after the click).
 */
export function gate(me, root = document) {
  for (const node of root.querySelectorAll('[data-permission]')) {
    const permission = node.dataset.permission;
    const allowed = me.bootstrap || me.permissions.includes(permission);
    node.disabled = !allowed;
    const reason = node.dataset.reason && byId(node.dataset.reason);
    if (reason) {
      reason.hidden = allowed;
      reason.textContent = allowed ? '' : `This operator key lacks ${permission}, so this is disabled.`;
    }
  }
}

export const may = (me, permission) => me.bootstrap || me.permissions.includes(permission);

/** A department choice: a list when the key may read departments, else a field for the department's id. */
export function departmentChoice(id, departments, disabled = false) {
  const current = byId(id);
  const replacement =
    departments === null
      ? el('input', { id, name: current.name, type: 'text', autocomplete: 'off', placeholder: 'department id', disabled })
      : el(
          'select',
          { id, name: current.name, disabled },
          ...departments.filter((d) => d.isActive).map((d) => el('option', { value: d.departmentId }, phrase`${d.name} (${d.slug})`)),
        );
  for (const attribute of ['aria-describedby']) {
    if (current.hasAttribute(attribute)) replacement.setAttribute(attribute, current.getAttribute(attribute));
  }
  current.replaceWith(replacement);
  return replacement;
}

/**
 * Says that an action worked, beside what was acted on, and clears the screen's older messages
 * (an error from an earlier attempt, another form's note): what is shown is what just happened.
 */
export function succeed(region, message) {
  const screen = region.closest('section[id$="-screen"]') ?? document;
  for (const other of [...screen.querySelectorAll('.message'), byId('page-status')]) if (other !== region) say(other, '');
  say(region, message, 'success');
}

/** The control a refused field names: itself, else its last part (`mapLayer.bounds.minX`), else what holds it (`mapLayer`). */
function controlFor(form, field) {
  const parts = field.split('.');
  const tries = [field, parts.at(-1), ...parts.map((_, i) => parts.slice(0, parts.length - 1 - i).join('.'))];
  for (const name of tries) {
    const control = name && form.querySelector(`[data-field="${CSS.escape(name)}"]`);
    if (control) return control;
  }
  return null;
}

/** Each field the service refused, said beside its control (in the element `<control id>-error`). */
export function showFieldErrors(form, error) {
  if (!(error instanceof ApiError) || !Array.isArray(error.body?.details)) return;
  const said = new Map();
  for (const detail of error.body.details) {
    if (detail.in !== 'body' || detail.message === 'must be null' || /anyOf|oneOf/.test(detail.message)) continue;
    const control = controlFor(form, detail.field);
    const region = control && byId(`${control.id}-error`);
    if (!region) continue;
    said.set(region, [...(said.get(region) ?? []), message(detail.message)]);
    control.setAttribute('aria-invalid', 'true');
  }
  for (const [region, messages] of said) {
    region.hidden = false;
    region.replaceChildren(own(`${[...new Set(messages)].join('; ')}.`));
  }
}

export function clearFieldErrors(form) {
  for (const region of form.querySelectorAll('.field-error')) {
    region.hidden = true;
    region.replaceChildren();
  }
  for (const control of form.querySelectorAll('[aria-invalid]')) control.removeAttribute('aria-invalid');
}
