import { parse as parseQuery } from 'node:querystring';
import { contentType } from 'mime-types';
import type { Readable } from 'node:stream';
import type { HttpState } from './http-state.ts';

/**
 * One request as a transport hands it over: the only thing a transport must provide. Everything
 * the service answers is decided from it by the pipeline (`pipeline.ts`), the same on every transport.
 */
export interface TransportRequest {
  /** As sent, upper case. */
  readonly method: string;
  /** The request target: the path and the query as sent, still percent-encoded. */
  readonly url: string;
  /** A header by its lower-case name; repeated ones joined with `, `; undefined when absent. */
  header(name: string): string | undefined;
  /** Every value of a header, one per line it was sent on; undefined when absent. */
  headerValues(name: string): string[] | undefined;
  /** The peer's address on the socket. */
  readonly remoteAddress: string;
  /** Whether the connection itself is TLS. */
  readonly encrypted: boolean;
  /** The body's bytes as they arrive (still encoded as `Content-Encoding` says); read at most once. */
  body(): Readable;
  /**
   * The whole body at once, for a transport that keeps it whole anyway (uWS): the body stage reads
   * an unencoded body through this, without a stream. It fails with `status` 413 past the limit.
   */
  bodyBytes?(): Promise<Buffer>;
}

/** The answer a transport writes: a status, headers as named, and a body (none for HEAD on the wire). */
export interface Answer {
  readonly status: number;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: string | Buffer;
}

/** How many proxies in front of the service are trusted to write `X-Forwarded-*` (decision 0031's `CAD_TRUST_PROXY`). */
export type ProxyHops = number;

/**
 * The request and the answer in the making, as the pipeline's stages see them. Its names follow
 * the ones most Node frameworks use (`get`, `set`, `status`, `body`, `state`), so a stage reads like
 * the middleware it was.
 */
export class Exchange {
  status = 404;
  body: string | Buffer | null = null;
  /** What the stages learn about the request: its id, the caller. */
  readonly state: HttpState = { requestId: '' };
  /** The route's `:name` parameters, decoded; set by the router. */
  params: Record<string, string> = {};
  /** The matched route's path template (`/api/v1/units/:id`), for metrics; undefined when none matched. */
  route: string | undefined;
  /** The claims of the request's verified bearer token, on a credential row once its token is verified. */
  claims: unknown;
  /** The JSON body once read (`stages/json-body.ts`); undefined when the request has none. */
  requestBody: unknown;
  readonly path: string;
  readonly querystring: string;
  private readonly answerHeaders = new Map<string, [string, string]>();
  /** Headers sent as many times as they are appended (`Set-Cookie`), after the others. */
  private readonly appendedHeaders: [string, string][] = [];
  private parsedQuery: Record<string, string | string[]> | undefined;

  constructor(
    readonly request: TransportRequest,
    private readonly hops: ProxyHops,
  ) {
    const url = request.url;
    const mark = url.indexOf('?');
    this.path = mark === -1 ? url : url.slice(0, mark);
    this.querystring = mark === -1 ? '' : url.slice(mark + 1);
  }

  get method(): string {
    return this.request.method;
  }

  /** A request header, `''` when absent. */
  get(name: string): string {
    return this.request.header(name.toLowerCase()) ?? '';
  }

  /** Sets an answer header, replacing one of the same name. */
  set(name: string, value: string): void {
    this.answerHeaders.set(name.toLowerCase(), [name, value]);
  }

  /** Adds an answer header beside any of the same name (a second `Set-Cookie`). */
  append(name: string, value: string): void {
    this.appendedHeaders.push([name, value]);
  }

  /** An answer header set so far, `''` when none. */
  answerHeader(name: string): string {
    return this.answerHeaders.get(name.toLowerCase())?.[1] ?? '';
  }

  /** Sets `Content-Type`, with the charset a text or JSON type implies when it names none. */
  set type(value: string) {
    this.set('Content-Type', contentType(value) || value);
  }

  /** The query as `node:querystring` reads it: a repeated name is an array. */
  get query(): Record<string, string | string[]> {
    this.parsedQuery ??= { ...parseQuery(this.querystring) } as Record<string, string | string[]>;
    return this.parsedQuery;
  }

  /**
   * The caller's address: the socket's, or with trusted proxies the entry of `X-Forwarded-For` the
   * nearest trusted proxy wrote (the last `hops` entries are the proxies' own view; the first of them wins).
   */
  get ip(): string {
    if (this.hops > 0) {
      const forwarded = this.request.header('x-forwarded-for');
      if (forwarded !== undefined) {
        const entries = forwarded.split(/\s*,\s*/).slice(-this.hops);
        if (entries[0]) return entries[0];
      }
    }
    return this.request.remoteAddress;
  }

  /** The host the caller asked for, without a port (`X-Forwarded-Host` behind a trusted proxy). */
  get hostname(): string {
    const forwarded = this.hops > 0 ? this.request.header('x-forwarded-host')?.split(/\s*,\s*/, 1)[0] : undefined;
    const host = forwarded || this.request.header('host') || '';
    if (host.startsWith('[')) {
      const end = host.indexOf(']');
      return end === -1 ? '' : host.slice(0, end + 1);
    }
    return host.split(':', 1)[0]!;
  }

  /** Whether the caller reached the service over TLS (`X-Forwarded-Proto` behind a trusted proxy). */
  get secure(): boolean {
    if (this.request.encrypted) return true;
    if (this.hops === 0) return false;
    return this.request.header('x-forwarded-proto')?.split(/\s*,\s*/, 1)[0] === 'https';
  }

  /** Sends the caller elsewhere with this status (307, 308). */
  redirect(location: string, status: number): void {
    this.status = status;
    this.set('Location', location);
    this.type = 'text/plain; charset=utf-8';
    this.body = `Redirecting to ${location}.`;
  }

  /** The answer as it stands. */
  answer(): Answer {
    return { status: this.status, headers: [...this.answerHeaders.values(), ...this.appendedHeaders], body: this.body ?? '' };
  }
}

/** One step of the pipeline: does its part, and calls `next` to let the rest run. */
export type Stage = (exchange: Exchange, next: () => Promise<void>) => Promise<void> | void;
