import { randomBytes } from 'node:crypto';
import { type Logger, pino } from 'pino';
import type { Clock } from '../../application/ports/clock.ts';
import type { RouteSpec } from '../../adapters/http/route-spec.ts';
import type { ExternalProviderSetting } from '../../adapters/security/openid-client-identities.ts';
import { type HttpEngine, type RunningService, startService } from '../../composition/service.ts';
import type { StorageOption } from '../../composition/storage.ts';
import { testHttpEngine } from './http-engine.ts';
import { type HttpClient, httpClient } from './http-client.ts';

export interface TestService {
  readonly service: RunningService;
  readonly http: HttpClient;
  readonly bootstrapKey: string;
  close(): Promise<void>;
}

/**
 * The composed service on a free port, as a user would run it, on the storage asked for (memory by
 * default) and on the HTTP transport under test (`CAD_TEST_HTTP_ENGINE`, see http-engine.ts).
 */
export async function startTestService(
  options: {
    storage?: StorageOption;
    rateLimitScale?: number;
    clock?: Clock;
    bootstrapKey?: string;
    accessTokenTtlSeconds?: number;
    autoProvisionPerHour?: number;
    /** Starts the realtime channel on this engine (uWS on a free port of its own). */
    realtime?: 'uws' | 'node' | 'auto';
    /** Bounds of the realtime channel's waypoint log (decision 0091); the defaults when left out. */
    realtimeLog?: { maxEvents: number; maxAgeMs: number };
    /** How often a connected MDT is judged again (30 s by default). */
    mdtRecheckMs?: number;
    dispatchRecheckMs?: number;
    /** Shares state through this Redis (URL and key prefix), as instances do: the fan-out and the waypoint log. */
    redis?: { url: string; prefix: string };
    /** Where the service logs; silent (or TEST_LOG_LEVEL) by default. */
    logger?: Logger;
    /** The access log's mode and period; the service's default (heartbeats summed once a minute) when left out. */
    accessLog?: { mode: 'summary' | 'every'; periodMs: number };
    /** Serves Prometheus metrics on a listener of their own. */
    metrics?: { port: number; host: string; token?: string };
    /** The route table served; the service's own by default. */
    routes?: readonly RouteSpec[];
    /** Listens on this port (a restart on the port an earlier start had); a free one by default. */
    port?: number;
    /** The HTTP transport; the one under test (`CAD_TEST_HTTP_ENGINE`) by default. */
    httpEngine?: HttpEngine;
    /** OpenID Connect and OAuth 2 providers people may sign in with (on loopback in tests). */
    externalProviders?: readonly ExternalProviderSetting[];
  } = {},
): Promise<TestService> {
  const bootstrapKey = options.bootstrapKey ?? `cad_op_test_${randomBytes(24).toString('base64url')}`;
  const service = await startService({
    storage: options.storage ?? { kind: 'memory' },
    port: options.port ?? 0,
    host: '127.0.0.1',
    logger: options.logger ?? pino({ level: process.env['TEST_LOG_LEVEL'] ?? 'silent' }),
    rateLimitScale: options.rateLimitScale ?? 1,
    ...(options.accessLog && { accessLog: options.accessLog }),
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    autoProvisionPerHour: options.autoProvisionPerHour,
    bootstrapKey,
    clock: options.clock,
    httpEngine: options.httpEngine ?? testHttpEngine,
    realtime:
      options.realtime === undefined
        ? undefined
        : {
            engine: options.realtime,
            port: 0,
            log: options.realtimeLog,
            mdtRecheckMs: options.mdtRecheckMs,
            dispatchRecheckMs: options.dispatchRecheckMs,
          },
    metrics: options.metrics,
    redis: options.redis && { ...options.redis, timeoutMs: 2_000 },
    ...(options.routes && { routes: options.routes }),
    ...(options.externalProviders && { externalProviders: options.externalProviders }),
  });
  return { service, http: httpClient(service.url), bootstrapKey, close: () => service.close() };
}
