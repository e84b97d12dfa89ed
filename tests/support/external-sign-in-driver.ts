/**
 * A browser's navigation to the service, one hop at a time (`redirect: 'manual'`): the status, where
 * it sends the browser, and the cookies it sets. Judged against the OpenAPI document when the report
 * is on, as every other answer of the tests is.
 */
const reportFolder = process.env['CAD_OPENAPI_REPORT'] || undefined;
const recordAnswer = reportFolder === undefined ? undefined : (await import('./openapi-check.ts')).recordAnswer;

export interface Hop {
  readonly status: number;
  /** Where the answer sends the browser, as written; null when it does not. */
  readonly location: string | null;
  /** Every `Set-Cookie` line. */
  readonly cookies: readonly string[];
  readonly body: string;
}

export async function navigate(baseUrl: string, target: string, cookie = ''): Promise<Hop> {
  const url = new URL(target, baseUrl);
  const response = await fetch(url, { redirect: 'manual', headers: cookie === '' ? {} : { cookie } });
  const body = await response.text();
  let parsed: unknown;
  try {
    parsed = body === '' ? undefined : JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  if (url.origin === new URL(baseUrl).origin) recordAnswer?.(reportFolder!, 'GET', url.pathname, response.status, parsed);
  return { status: response.status, location: response.headers.get('location'), cookies: response.headers.getSetCookie(), body };
}

/** The `name=value` of the cookie of that name among `Set-Cookie` lines, and its attributes, or null. */
export function cookieNamed(lines: readonly string[], name: string): { pair: string; value: string; attributes: string } | null {
  const line = lines.find((l) => l.startsWith(`${name}=`));
  if (line === undefined) return null;
  const [pair = '', ...attributes] = line.split(';');
  return { pair, value: pair.slice(name.length + 1), attributes: attributes.join(';').trim() };
}
