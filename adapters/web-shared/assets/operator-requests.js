// The operator HTTP routes, as a page of the service calls them: signed in as a person, with the
// session cookie the service set (HttpOnly: the page never sees it); or with an operator key, which
// lives in this tab's sessionStorage only and travels only in the Authorization header. Nothing is
// cached or sent as a referrer. The admin page and the dispatch board both call through here.

/** Where the tab keeps the operator key it signed in with. */
export const KEY = 'cad.operatorKey';

/** A refusal of the service, worded with its message and the fields it names. */
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
  const key = sessionStorage.getItem(KEY);
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
