import fc from 'fast-check';

/** One request as the fuzzer sends it: everything raw, so that it can be broken at any level. */
export interface FuzzRequest {
  readonly method: string;
  /** Path and query, percent-encoded as they go on the wire (possibly wrongly, on purpose). */
  readonly target: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array;
  /** What was done to the request, for the report of a failure. */
  readonly note: string;
}

export interface FuzzReply {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
  /** A redirect's `Location`, empty when none. */
  readonly location: string;
}

const MAX_SHOWN = 600;

/** Long enough to reproduce the request, short enough to read; tokens are elided. */
export function describe(request: FuzzRequest): string {
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, name === 'authorization' ? 'Bearer <route token>' : value]),
  );
  const body =
    request.body === undefined
      ? ''
      : typeof request.body === 'string'
        ? ` body(${request.body.length} chars)=${JSON.stringify(clip(request.body))}`
        : ` body(${request.body.length} bytes)=${Buffer.from(request.body.subarray(0, MAX_SHOWN)).toString('hex')}`;
  return `${request.method} ${clip(request.target)} headers=${JSON.stringify(headers)}${body} [${request.note}]`;
}

function clip(text: string): string {
  return text.length <= MAX_SHOWN ? text : `${text.slice(0, MAX_SHOWN)}...(${text.length - MAX_SHOWN} more)`;
}

/** Gives a request a readable form in fast-check's counterexample reports. */
export function printable(request: FuzzRequest): FuzzRequest {
  return Object.assign({ ...request }, { [fc.toStringMethod]: () => describe(request) });
}

/** Plain fetch; a request that hangs is an answer too (a failure), never a stuck suite. */
export async function send(baseUrl: string, request: FuzzRequest): Promise<FuzzReply> {
  const response = await fetch(baseUrl + request.target, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
    location: response.headers.get('location') ?? '',
  };
}

/** Percent-encodes every byte of the UTF-8 form except unreserved characters (a lone surrogate becomes U+FFFD). */
export function percentEncoded(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
