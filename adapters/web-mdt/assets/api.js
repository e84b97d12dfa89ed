// The MDT routes as this browser calls them. The session lives in sessionStorage only (this tab,
// gone when it closes) and travels only in the Authorization header; nothing is cached.
const SESSION = 'cad.mdtSession';

export const session = {
  token: () => sessionStorage.getItem(SESSION),
  keep: (token) => sessionStorage.setItem(SESSION, token),
  end: () => sessionStorage.removeItem(SESSION),
};

export class ApiError extends Error {
  constructor(status, body) {
    super(describeBody(status, body));
    this.status = status;
    this.body = body;
  }
}

function describeBody(status, body) {
  if (status === 429) return 'Too many requests from this MDT; wait a minute and try again.';
  if (body === null || typeof body !== 'object') return `The service answered ${status}.`;
  const details = Array.isArray(body.details) ? body.details.map((d) => `${d.field} ${d.message}`).join('; ') : '';
  return [body.message, details].filter(Boolean).join(' ') || `The service answered ${status}.`;
}

async function send(method, url, body, token) {
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

/**
 * Turns the hand-off token into a session, once: `{ sessionToken, expiresAt, tier, characterPublicId }`;
 * or, for a hand-off the player confirms in the game, `{ confirmationCode, pairingToken, expiresAt }`.
 */
export const exchange = (token) => send('POST', '/api/v1/auth/mdt-handoff/exchange', { token });

/** A page with no session starts its own pairing: `{ confirmationCode, pairingToken, expiresAt }`; no secret in the address. */
export const startPairing = () => send('POST', '/api/v1/auth/mdt-pairing');

/** The waiting page asks with its pairing token: the session once the game confirmed the code, else `{ expiresAt }`. */
export const collect = (pairingToken) => send('POST', '/api/v1/auth/mdt-handoff/session', { pairingToken });

/** One request to `/api/v1/mdt<path>` with the session; a refusal throws an ApiError. */
export const mdt = (method, path, body) => send(method, `/api/v1/mdt${path}`, body, session.token());
