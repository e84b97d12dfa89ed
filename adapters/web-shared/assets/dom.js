// The pages' shared DOM helpers (served at /shared/dom.js). The rule they carry: text from another
// party (a player, an integrator, another operator) goes in as text, never as HTML, and isolated for
// bidi, so that a right-to-left override or a trailing right-to-left letter in a name can neither
// reorder the words around it nor be mistaken for them. The safe way is the default way: every
// string handed to `el`, `say` or `fillRows` is such text; the page's own words around a name are
// written with `phrase`, whose literal parts alone go in as they are.

const FSI = '\u2068';
const PDI = '\u2069';

/** Text isolated with Unicode isolates (FSI ... PDI), for places that hold no element: an option, a title, a confirm(). */
export const isolate = (text) => `${FSI}${String(text)}${PDI}`;

/** Another party's text as an isolated `<bdi>` element (direction from its own first strong letter). */
export function bdi(text) {
  const node = document.createElement('bdi');
  node.textContent = String(text);
  return node;
}

/** The page's own words with other parties' text interpolated: phrase`Revoke ${label}?`. */
class Phrase {
  constructor(own, party) {
    this.own = own;
    this.party = party;
  }
  /** As nodes: the page's words as text, each interpolation a `<bdi>`. */
  nodes() {
    const nodes = [];
    this.own.forEach((words, index) => {
      if (words !== '') nodes.push(document.createTextNode(words));
      if (index < this.party.length) nodes.push(piece(this.party[index]));
    });
    return nodes;
  }
  /** As one string, each interpolation between isolates: for text-only places. */
  toString() {
    return this.own.map((words, index) => (index < this.party.length ? words + isolate(flat(this.party[index])) : words)).join('');
  }
}
export const phrase = (own, ...party) => new Phrase([...own], party);

/** The page's own fixed words as a text node, not isolated: a heading, an empty list's message. */
export const own = (words) => document.createTextNode(words);

const flat = (value) => String(value);
const piece = (value) => (value instanceof Node ? value : value instanceof Phrase ? fragment(value.nodes()) : bdi(value));
function fragment(nodes) {
  const holder = document.createDocumentFragment();
  holder.append(...nodes);
  return holder;
}

/** Elements whose content is text only: there, isolation is by Unicode isolates, not by `<bdi>`. */
const TEXT_ONLY = new Set(['OPTION', 'TEXTAREA', 'TITLE']);

/** Puts content (a string, a number, a phrase, a node, or a list of them) into a node, isolated. */
function put(node, content) {
  if (content === null || content === undefined || content === false) return;
  if (Array.isArray(content)) {
    for (const part of content) put(node, part);
    return;
  }
  if (TEXT_ONLY.has(node.nodeName)) {
    // Such an element is a paragraph of its own: text wholly from another party needs no isolates
    // (which would also stop a select's type-to-find), only its own direction; a phrase isolates its parts.
    if (content instanceof Phrase) node.append(String(content));
    else if (content instanceof Node) node.append(content.textContent);
    else {
      node.append(String(content));
      if (!node.hasAttribute('dir')) node.setAttribute('dir', 'auto');
    }
    return;
  }
  node.append(piece(content));
}

/**
 * One element. `text` and every child that is not a node is another party's text (isolated);
 * `on<event>` attributes are listeners; `true` is an empty attribute; false, null and undefined skip.
 * An attribute given a phrase gets its text with the interpolations isolated.
 */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === 'text') put(node, value);
    else if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) put(node, child);
  return node;
}

export const byId = (id) => document.getElementById(id);

/**
 * Writes a message in a status region (role="status" or "alert"), replacing the one before, and
 * brings it into view when it is off screen. `kind` is 'info', 'success' or 'error'; '' clears.
 */
export function say(region, message, kind = 'info') {
  region.replaceChildren();
  put(region, message === '' ? null : message);
  region.dataset.kind = message === '' ? '' : kind;
  if (message !== '' && typeof region.scrollIntoView === 'function') region.scrollIntoView({ block: 'nearest' });
}

/** A date and time in the reader's locale, or a dash. */
export const when = (iso) => (iso ? new Date(iso).toLocaleString() : '—');

/**
 * A table body's rows, or one row that says the list is empty (the message in the page's words).
 * Each cell is labelled with its column's heading, which a table of class "stacks" shows at phone width.
 */
export function fillRows(body, rows, columns, empty) {
  const headings = [...(body.closest('table')?.querySelectorAll('thead th') ?? [])].map((th) => th.textContent.trim());
  for (const row of rows) {
    [...row.children].forEach((cell, index) => {
      if (headings[index]) cell.dataset.label = headings[index];
    });
  }
  body.replaceChildren(...(rows.length > 0 ? rows : [el('tr', {}, el('td', { colspan: columns }, own(empty)))]));
}
