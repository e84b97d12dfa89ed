// A long list as a person reads it: a Search field above its table and a page of rows at a time,
// with Previous page and Next page below it. The rows are the organisation's whole list, read
// once through the paginated routes; a community's roster is a few hundred rows (decision 0135).
import { byId, el, fillRows, own } from '/shared/dom.js';

export const PAGE_SIZE = 25;

/** Folds case and accents, so that "zoe" finds "Zoë". */
const folded = (text) => String(text).normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Around the table whose body is `bodyId`: a search form named `Find <what>` and a pager named
 * `Pages of <what>`. `words(item)` is what a search matches; `row(item)` draws an item.
 */
export function searchableList({ bodyId, what, columns, empty, words, row, onSearch = () => {} }) {
  const body = byId(bodyId);
  const region = body.closest('.scroll') ?? body.closest('table');
  const field = el('input', { id: `${bodyId}-search`, type: 'search', autocomplete: 'off', spellcheck: 'false' });
  const search = el(
    'form',
    { role: 'search', 'aria-label': `Find ${what}`, class: 'row search' },
    el('label', { for: field.id }, own('Search')),
    field,
  );
  const previous = el('button', { type: 'button' }, own('Previous page'));
  const next = el('button', { type: 'button' }, own('Next page'));
  // Not a `.message`: the page empties those after each action, and the count stays true.
  const count = el('p', { class: 'pager-count', role: 'status' });
  const pager = el('nav', { 'aria-label': `Pages of ${what}`, class: 'row pager' }, previous, count, next);
  region.before(search);
  region.after(pager);

  let items = [];
  let page = 0;
  const query = () => folded(field.value.trim());
  const matching = () => (query() === '' ? items : items.filter((item) => folded(words(item).join(' ')).includes(query())));

  function draw() {
    const found = matching();
    const pages = Math.max(1, Math.ceil(found.length / PAGE_SIZE));
    page = Math.min(page, pages - 1);
    const shown = found.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
    fillRows(body, shown.map(row), columns, query() === '' ? empty : `Nothing matches “${field.value.trim()}”.`);
    previous.disabled = page === 0;
    next.disabled = page >= pages - 1;
    const range = found.length === 0 ? 'none' : `${page * PAGE_SIZE + 1}–${page * PAGE_SIZE + shown.length}`;
    count.replaceChildren(own(`Page ${page + 1} of ${pages}: ${range} of ${found.length} ${what}${query() === '' ? '' : ' found'}.`));
  }

  search.addEventListener('submit', (event) => event.preventDefault());
  field.addEventListener('input', () => {
    page = 0;
    draw();
    onSearch(matching());
  });
  previous.addEventListener('click', () => {
    page--;
    draw();
  });
  next.addEventListener('click', () => {
    page++;
    draw();
  });

  return {
    /** Shows a new list, staying on the page and search shown (an action on a row keeps its place). */
    show(list) {
      items = list;
      draw();
      onSearch(matching());
    },
    matching,
  };
}
