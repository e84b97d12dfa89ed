import { closest, distance } from 'fastest-levenshtein';
import { Ajv, type ErrorObject } from 'ajv';
import ipaddr from 'ipaddr.js';
import { type ConnectionLimits, DEFAULT_CONNECTION_LIMITS } from '../adapters/http-koa/http-server.ts';
import type { ExternalProviderSetting } from '../adapters/security/openid-client-identities.ts';
import { externalProvidersFrom } from './external-providers-config.ts';
import type { RedisOption } from './shared-state.ts';
import type { StorageOption } from './storage.ts';

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly storage: StorageOption;
  readonly bootstrapKey: string | undefined;
  /** false (or 0): use the socket address; true (one proxy) or a hop count: trust X-Forwarded-For that far. */
  readonly trustProxy: boolean | number;
  readonly rateLimitScale: number;
  /** The access log: every request's line, or the heartbeats' successes summed up once a period (decision 0111). */
  readonly accessLog: { readonly mode: 'summary' | 'every'; readonly periodMs: number };
  readonly accessTokenTtlSeconds: number;
  /** How long an MDT session lives: a shift. */
  readonly mdtSessionHours: number;
  /** New players one game credential may create through `/duty` per hour. */
  readonly autoProvisionPerHour: number;
  readonly logLevel: string;
  /** The HTTP transport serving the route table (`CAD_HTTP_ENGINE`): Koa, or uWebSockets.js. */
  readonly httpEngine: 'koa' | 'uws';
  /** The realtime waypoint channel: its engine, and the uWebSockets.js engine's own port. */
  readonly realtime: {
    readonly engine: 'auto' | 'uws' | 'node';
    readonly port: number;
    /** How much of each department's waypoint events reconnecting sockets can resume from (decision 0091). */
    readonly log: { readonly maxEvents: number; readonly maxAgeMs: number };
  };
  /** Deadlines for slow clients and the bound on open connections of the HTTP server. */
  readonly connections: ConnectionLimits;
  /** Present when REDIS_URL is set: where the state that instances share lives (decision 0032). */
  readonly redis?: RedisOption;
  /** Prometheus metrics on a listener of their own (decision 0046); off unless METRICS_PORT is set. */
  readonly metrics?: { readonly port: number; readonly host: string; readonly token?: string };
  /** The OpenID Connect and OAuth 2 providers people may sign in with (`CAD_OIDC_PROVIDERS`); none by default. */
  readonly externalProviders: readonly ExternalProviderSetting[];
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Every variable the service reads, with its rule; the README's configuration table mirrors it. */
const schema = {
  type: 'object',
  properties: {
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 8080 },
    HOST: { type: 'string', minLength: 1, default: '127.0.0.1' },
    CAD_STORAGE: { enum: ['memory', 'embedded', 'postgres'] },
    CAD_DATA_DIR: { type: 'string', minLength: 1, default: './data' },
    DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://' },
    CAD_CREATE_DATABASE: { enum: ['true', 'false'], default: 'false' },
    CAD_BOOTSTRAP_KEY: { type: 'string', minLength: 32, maxLength: 256 },
    CAD_TRUST_PROXY: { type: 'string', pattern: '^(true|false|[0-9]{1,2})$', default: 'false' },
    CAD_RATE_LIMIT_SCALE: { type: 'number', exclusiveMinimum: 0, maximum: 10000, default: 1 },
    CAD_ACCESS_TOKEN_TTL_S: { type: 'integer', minimum: 60, maximum: 86400, default: 720 },
    CAD_MDT_SESSION_HOURS: { type: 'number', minimum: 0.25, maximum: 24, default: 4 },
    GAME_AUTO_PROVISION_RATE_LIMIT_PER_HOUR: { type: 'integer', minimum: 0, maximum: 100000, default: 20 },
    LOG_LEVEL: { enum: LOG_LEVELS, default: 'info' },
    CAD_ACCESS_LOG: { enum: ['summary', 'every'], default: 'summary' },
    CAD_ACCESS_LOG_SUMMARY_S: { type: 'integer', minimum: 1, maximum: 3600, default: 60 },
    CAD_HTTP_ENGINE: { enum: ['koa', 'uws'], default: 'koa' },
    CAD_REALTIME_ENGINE: { enum: ['auto', 'uws', 'node'], default: 'auto' },
    REALTIME_PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 8081 },
    REALTIME_LOG_MAX_EVENTS: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 10_000 },
    REALTIME_LOG_MAX_AGE_S: { type: 'integer', minimum: 0, maximum: 86_400, default: 900 },
    CAD_REQUEST_TIMEOUT_MS: { type: 'integer', minimum: 1000, maximum: 600_000, default: DEFAULT_CONNECTION_LIMITS.requestTimeoutMs },
    CAD_HEADERS_TIMEOUT_MS: { type: 'integer', minimum: 1000, maximum: 600_000, default: DEFAULT_CONNECTION_LIMITS.headersTimeoutMs },
    CAD_KEEP_ALIVE_TIMEOUT_MS: { type: 'integer', minimum: 1000, maximum: 600_000, default: DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs },
    // Socket.IO long-polling on the Node engine leaves a request idle for up to 25 s (its ping interval).
    CAD_SOCKET_IDLE_TIMEOUT_MS: { type: 'integer', minimum: 30_000, maximum: 3_600_000, default: DEFAULT_CONNECTION_LIMITS.idleTimeoutMs },
    CAD_MAX_CONNECTIONS: { type: 'integer', minimum: 1, maximum: 1_000_000, default: DEFAULT_CONNECTION_LIMITS.maxConnections },
    REDIS_URL: { type: 'string', pattern: '^rediss?://' },
    CAD_REDIS_PREFIX: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,64}$', default: 'cad:' },
    CAD_REDIS_TIMEOUT_MS: { type: 'integer', minimum: 50, maximum: 60000, default: 1000 },
    METRICS_PORT: { type: 'integer', minimum: 0, maximum: 65535 },
    METRICS_HOST: { type: 'string', minLength: 1, default: '127.0.0.1' },
    METRICS_TOKEN: { type: 'string', minLength: 32, maxLength: 256 },
    CAD_OIDC_PROVIDERS: { type: 'string', minLength: 2, maxLength: 65536 },
  },
} as const;

/** The environment after validation, defaults and coercion. */
interface Checked {
  PORT: number;
  HOST: string;
  CAD_STORAGE?: 'memory' | 'embedded' | 'postgres';
  CAD_DATA_DIR: string;
  DATABASE_URL?: string;
  CAD_CREATE_DATABASE: 'true' | 'false';
  CAD_BOOTSTRAP_KEY?: string;
  CAD_TRUST_PROXY: string;
  CAD_RATE_LIMIT_SCALE: number;
  CAD_ACCESS_TOKEN_TTL_S: number;
  CAD_MDT_SESSION_HOURS: number;
  GAME_AUTO_PROVISION_RATE_LIMIT_PER_HOUR: number;
  LOG_LEVEL: string;
  CAD_ACCESS_LOG: 'summary' | 'every';
  CAD_ACCESS_LOG_SUMMARY_S: number;
  CAD_HTTP_ENGINE: 'koa' | 'uws';
  CAD_REALTIME_ENGINE: 'auto' | 'uws' | 'node';
  REALTIME_PORT: number;
  REALTIME_LOG_MAX_EVENTS: number;
  REALTIME_LOG_MAX_AGE_S: number;
  CAD_REQUEST_TIMEOUT_MS: number;
  CAD_HEADERS_TIMEOUT_MS: number;
  CAD_KEEP_ALIVE_TIMEOUT_MS: number;
  CAD_SOCKET_IDLE_TIMEOUT_MS: number;
  CAD_MAX_CONNECTIONS: number;
  REDIS_URL?: string;
  CAD_REDIS_PREFIX: string;
  CAD_REDIS_TIMEOUT_MS: number;
  METRICS_PORT?: number;
  METRICS_HOST: string;
  METRICS_TOKEN?: string;
  CAD_OIDC_PROVIDERS?: string;
}

const ajv = new Ajv({ coerceTypes: true, useDefaults: true, allErrors: true });
const validate = ajv.compile(schema);

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Variables of the service's families read elsewhere than this schema (the CLI's, the uWS transport's). */
const READ_ELSEWHERE = ['CAD_OPERATOR_KEY', 'UWS_HTTP_MAX_HEADERS_SIZE'];
const FAMILIES = /^(CAD|REALTIME|METRICS)_/;

/**
 * The variables of the service's own families (`CAD_*`, `REALTIME_*`, `METRICS_*`) that it does not
 * read, each with the known name nearest to it: a misspelt `CAD_DATADIR` would otherwise start on an
 * empty database without a word. One line each, for the start to warn with; nothing is refused.
 */
export function unknownVariables(env: Readonly<Record<string, string | undefined>>): string[] {
  const known = [...Object.keys(schema.properties), ...READ_ELSEWHERE];
  return Object.keys(env)
    .filter((name) => FAMILIES.test(name) && !known.includes(name))
    .sort()
    .map((name) => {
      const nearest = closest(name, known);
      const near = distance(name, nearest) <= Math.max(2, Math.floor(name.length / 4));
      return `${name} is not a setting of this service and is ignored${near ? `: did you mean ${nearest}?` : ''}`;
    });
}

/** Reads and checks the environment; every bad variable is named in one error. */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const values: Record<string, unknown> = {};
  for (const name of Object.keys(schema.properties)) {
    const value = env[name];
    if (value !== undefined && value !== '') values[name] = value;
  }
  if (!validate(values)) throw new ConfigError((validate.errors ?? []).map((e) => describe(e, env)));
  const v = values as unknown as Checked;
  if (v.CAD_HEADERS_TIMEOUT_MS > v.CAD_REQUEST_TIMEOUT_MS) {
    throw new ConfigError([
      `CAD_HEADERS_TIMEOUT_MS must not exceed CAD_REQUEST_TIMEOUT_MS (got ${v.CAD_HEADERS_TIMEOUT_MS} > ${v.CAD_REQUEST_TIMEOUT_MS})`,
    ]);
  }
  // Metrics name routes, credentials' traffic and the database pool: off this machine, only a scraper holding the token reads them (decision 0057).
  if (v.METRICS_PORT !== undefined && v.METRICS_TOKEN === undefined && !isLoopback(v.METRICS_HOST)) {
    throw new ConfigError([
      `METRICS_HOST is not a loopback address (got "${v.METRICS_HOST}"): set METRICS_TOKEN (at least 32 characters) so that only your ` +
        'scraper reads the metrics, or keep METRICS_HOST at 127.0.0.1',
    ]);
  }
  const trust = v.CAD_TRUST_PROXY;
  const externalProviders = externalProvidersFrom(v.CAD_OIDC_PROVIDERS);
  return {
    port: v.PORT,
    host: v.HOST,
    storage: storageFrom(v.CAD_STORAGE, v.DATABASE_URL, v.CAD_DATA_DIR, v.CAD_CREATE_DATABASE === 'true'),
    bootstrapKey: v.CAD_BOOTSTRAP_KEY,
    trustProxy: trust === 'true' ? true : trust === 'false' || Number(trust) === 0 ? false : Number(trust),
    rateLimitScale: v.CAD_RATE_LIMIT_SCALE,
    accessTokenTtlSeconds: v.CAD_ACCESS_TOKEN_TTL_S,
    mdtSessionHours: v.CAD_MDT_SESSION_HOURS,
    autoProvisionPerHour: v.GAME_AUTO_PROVISION_RATE_LIMIT_PER_HOUR,
    logLevel: v.LOG_LEVEL,
    accessLog: { mode: v.CAD_ACCESS_LOG, periodMs: v.CAD_ACCESS_LOG_SUMMARY_S * 1000 },
    httpEngine: v.CAD_HTTP_ENGINE,
    realtime: {
      engine: v.CAD_REALTIME_ENGINE,
      port: v.REALTIME_PORT,
      log: { maxEvents: v.REALTIME_LOG_MAX_EVENTS, maxAgeMs: v.REALTIME_LOG_MAX_AGE_S * 1000 },
    },
    connections: {
      requestTimeoutMs: v.CAD_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: v.CAD_HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: v.CAD_KEEP_ALIVE_TIMEOUT_MS,
      idleTimeoutMs: v.CAD_SOCKET_IDLE_TIMEOUT_MS,
      maxConnections: v.CAD_MAX_CONNECTIONS,
    },
    ...(v.REDIS_URL === undefined ? {} : { redis: { url: v.REDIS_URL, prefix: v.CAD_REDIS_PREFIX, timeoutMs: v.CAD_REDIS_TIMEOUT_MS } }),
    ...(v.METRICS_PORT === undefined
      ? {}
      : { metrics: { port: v.METRICS_PORT, host: v.METRICS_HOST, ...(v.METRICS_TOKEN && { token: v.METRICS_TOKEN }) } }),
    externalProviders,
  };
}

/** `localhost`, 127.0.0.0/8, `::1` and their IPv4-mapped forms; a host name other than localhost may resolve anywhere. */
function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  const address = host.replace(/^\[(.*)\]$/, '$1');
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';
}

function storageFrom(kind: string | undefined, url: string | undefined, dataDir: string, createDatabase: boolean): StorageOption {
  if (kind === 'memory') return { kind: 'memory' };
  if (kind === 'postgres' || (kind === undefined && url !== undefined)) {
    if (url === undefined) throw new ConfigError(['CAD_STORAGE=postgres needs DATABASE_URL']);
    return { kind: 'postgres', url, createDatabase };
  }
  return { kind: 'embedded', dataDir };
}

function describe(error: ErrorObject, env: Readonly<Record<string, string | undefined>>): string {
  const name = error.instancePath.replace(/^\//, '');
  const got =
    name in env
      ? ` (got "${name === 'CAD_BOOTSTRAP_KEY' || name === 'DATABASE_URL' || name === 'REDIS_URL' || name === 'METRICS_TOKEN' || name === 'CAD_OIDC_PROVIDERS' ? '<hidden>' : env[name]}")`
      : '';
  const rule =
    error.keyword === 'enum'
      ? `must be one of ${(error.params as { allowedValues: string[] }).allowedValues.join(', ')}`
      : error.keyword === 'pattern' && name === 'CAD_TRUST_PROXY'
        ? 'must be true, false or a number of proxy hops'
        : error.keyword === 'pattern' && name === 'DATABASE_URL'
          ? 'must be a postgres:// or postgresql:// URL'
          : error.keyword === 'pattern' && name === 'REDIS_URL'
            ? 'must be a redis:// or rediss:// URL'
            : error.message;
  return `${name} ${rule}${got}`;
}
