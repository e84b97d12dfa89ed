// The operator HTTP routes, as this browser calls them: signed in as a person, with the session
// cookie the service set (HttpOnly: this page never sees it); or with an operator key, which lives
// in sessionStorage only and travels only in the Authorization header. Nothing is cached or sent as
// a referrer.
const KEY = 'cad.operatorKey';
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

export class ApiError extends Error {
  constructor(status, body) {
    super(describeBody(status, body));
    this.status = status;
    this.body = body;
  }
}

function describeBody(status, body) {
  if (body === null || typeof body !== 'object') return `The service answered ${status}.`;
  const details = Array.isArray(body.details) ? body.details.map((d) => `${d.field} ${d.message}`).join('; ') : '';
  return [body.message, details].filter(Boolean).join(' ') || `The service answered ${status}.`;
}

/** One request to `/api/v1/admin<path>` as the signed-in key or person; a refusal throws an ApiError. */
export async function call(method, path, body) {
  const key = session.key();
  const headers = { Accept: 'application/json' };
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`/api/v1/admin${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
    // A key is the whole credential: no cookie rides along with it.
    credentials: key === null ? 'same-origin' : 'omit',
    referrerPolicy: 'no-referrer',
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

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
