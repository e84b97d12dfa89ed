// The operator HTTP routes as the admin page calls them (`/shared/operator-requests.js`), and what
// the page keeps in this tab's sessionStorage: the operator key and the chosen organisation.
import { ApiError, KEY, call } from '/shared/operator-requests.js';

export { ApiError, call };

const ORGANISATION = 'cad.organisationId';

export const session = {
  key: () => sessionStorage.getItem(KEY),
  signIn: (key) => sessionStorage.setItem(KEY, key),
  signOut: () => {
    sessionStorage.removeItem(KEY);
    sessionStorage.removeItem(ORGANISATION);
  },
  organisation: () => sessionStorage.getItem(ORGANISATION),
  choose: (organisationId) => sessionStorage.setItem(ORGANISATION, organisationId),
  leave: () => sessionStorage.removeItem(ORGANISATION),
};

/** Every item of a cursor-paginated list, following `nextCursor` (at most `pages` pages). */
export async function allPages(path, pages = 20) {
  const items = [];
  let cursor = null;
  const separator = path.includes('?') ? '&' : '?';
  for (let page = 0; page < pages; page++) {
    const suffix = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const answer = await call('GET', `${path}${separator}limit=200${suffix}`);
    items.push(...answer.items);
    cursor = answer.nextCursor;
    if (cursor === null) break;
  }
  return items;
}

/** A path under the chosen organisation. */
export const inOrganisation = (suffix = '') => `/organisations/${session.organisation()}${suffix}`;
