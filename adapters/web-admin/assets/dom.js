// Small DOM helpers: every text goes in as text, never as HTML.
export const byId = (id) => document.getElementById(id);

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === 'text') node.textContent = value;
    else if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) node.append(child);
  return node;
}

/** Writes a message in a status region (role="status" or "alert" in the page). */
export function say(region, text, kind = 'info') {
  region.textContent = text;
  region.dataset.kind = kind;
}

export const when = (iso) => (iso ? new Date(iso).toLocaleString() : '—');

/** A table body's rows, or one row that says the list is empty. */
export function fillRows(body, rows, columns, empty) {
  body.replaceChildren(...(rows.length > 0 ? rows : [el('tr', {}, el('td', { colspan: columns, text: empty }))]));
}

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
          ...departments.filter((d) => d.isActive).map((d) => el('option', { value: d.departmentId, text: `${d.name} (${d.slug})` })),
        );
  current.replaceWith(replacement);
  return replacement;
}
