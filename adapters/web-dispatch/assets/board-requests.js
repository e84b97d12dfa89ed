// Requests to the operator routes, as the signed-in key or person. The key stays in this tab's
// sessionStorage only, and goes only in the Authorization header.

/** Where the tab keeps the operator key it signed in with. */
export const KEY = 'cad.operatorKey';

/** A refusal of the service, worded with its message and the fields it names. */
export class ApiError extends Error {
  constructor(status, body) {
    super(
      body?.message
        ? [body.message, ...(body.details ?? []).map((d) => `${d.field} ${d.message}`)].join(' ')
        : `The service answered ${status}.`,
    );
    this.status = status;
  }
}

/** One operator route: signed in as a person, the session cookie (HttpOnly) carries it; with an operator key, the header alone. */
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
    credentials: key === null ? 'same-origin' : 'omit',
    referrerPolicy: 'no-referrer',
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}
