// The admin page's own controls: what the signed-in key may do, and the department choice.
import { byId, el, phrase, say } from '/shared/dom.js';

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
