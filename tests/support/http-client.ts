/**
 * When set, every answer to an operation of the OpenAPI document is judged against it and recorded
 * in this folder (`tests/support/openapi-check.ts`; `scripts/openapi-report.ts` sums it up).
 */
const reportFolder = process.env['CAD_OPENAPI_REPORT'] || undefined;
const recordAnswer = reportFolder === undefined ? undefined : (await import('./openapi-check.ts')).recordAnswer;

/** A reply as a game resource or an integrator sees it. */
export interface HttpReply<Body = any> {
  readonly status: number;
  readonly body: Body;
  readonly headers: Headers;
}

/** The prefix of a person's session id (`cad_ps_...`): given as `token`, it is sent as the session cookie. */
const PERSON_SESSION_PREFIX = 'cad_ps_';

export interface RequestOptions {
  /** An access token, operator key or MDT session (as a bearer), or a person's session id (as the cookie). */
  readonly token?: string;
  readonly headers?: Record<string, string>;
  /** Sent as written instead of JSON-encoding `body`. */
  readonly raw?: string | Uint8Array;
}

/** Plain `fetch`, as a game-server resource would call the service. */
export function httpClient(baseUrl: string) {
  async function send<Body = any>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<HttpReply<Body>> {
    const headers: Record<string, string> = { ...options.headers };
    // A person's session id travels as a browser sends it: in the cookie, from the service's own page.
    if (options.token?.startsWith(PERSON_SESSION_PREFIX)) {
      headers['cookie'] ??= `cad_session=${options.token}`;
      headers['origin'] ??= baseUrl;
    } else if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`;
    const payload = options.raw ?? (body === undefined ? undefined : JSON.stringify(body));
    if (payload !== undefined && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
    const response = await fetch(baseUrl + path, { method, headers, body: payload });
    const text = await response.text();
    const reply = { status: response.status, body: text === '' ? undefined : JSON.parse(text), headers: response.headers };
    recordAnswer?.(reportFolder!, method, path, reply.status, reply.body);
    return reply;
  }
  return {
    baseUrl,
    send,
    get: <Body = any>(path: string, options?: RequestOptions) => send<Body>('GET', path, undefined, options),
    post: <Body = any>(path: string, body?: unknown, options?: RequestOptions) => send<Body>('POST', path, body, options),
    patch: <Body = any>(path: string, body?: unknown, options?: RequestOptions) => send<Body>('PATCH', path, body, options),
    delete: <Body = any>(path: string, options?: RequestOptions) => send<Body>('DELETE', path, undefined, options),
  };
}

export type HttpClient = ReturnType<typeof httpClient>;
