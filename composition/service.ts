import type { Clock } from '../application/ports/clock.ts';
import { createKoaApp } from '../adapters/http-koa/koa-app.ts';
import type { Server } from 'node:http';
import type { TemplatedApp } from 'uWebSockets.js';
import { type ConnectionLimits, DEFAULT_CONNECTION_LIMITS, listen } from '../adapters/http-koa/http-server.ts';
import { type HttpOptions, type RouteSpec, createHttpPipeline } from '../adapters/http/index.ts';
import { type Uws, listenUws, loadUws } from '../adapters/http-uws/index.ts';
import { ROUTES } from '../adapters/http/routes/index.ts';
import { type Logger, LoggedProblems } from '../adapters/logging/index.ts';
import { type MetricsListener, type MetricsListenerOptions, ServiceMetrics, listenMetrics } from '../adapters/metrics-prometheus/index.ts';
import { describeStaleLock } from '../adapters/persistence-mikro-orm/data-directory-lock.ts';
import type { DatabaseNotice } from '../adapters/persistence-mikro-orm/postgres-database.ts';
import {
  DEFAULT_WAYPOINT_LOG_BOUNDS,
  MemoryWaypointLog,
  type RealtimeEngineChoice,
  type WaypointLog,
  type WaypointLogBounds,
  asyncApiDocument,
  type RealtimeGateway,
  startRealtime,
  tokenAuthentication,
} from '../adapters/realtime-socketio/index.ts';
import type { WaypointChannel } from '../application/ports/waypoint-channel.ts';
import type { ExternalProviderSetting } from '../adapters/security/openid-client-identities.ts';
import { type CadCore, createCadCore } from './core.ts';
import { dispatcherAdmission } from './dispatch-admission.ts';
import { mdtAdmission } from './mdt-admission.ts';
import type { RedisOption, SharedState } from './shared-state.ts';
import type { StorageOption } from './storage.ts';

/** The HTTP transports that serve the route table (`CAD_HTTP_ENGINE`). */
export type HttpEngine = 'koa' | 'uws';

export interface ServiceOptions {
  readonly storage: StorageOption;
  readonly port: number;
  readonly host: string;
  readonly logger: Logger;
  readonly trustProxy?: boolean | number;
  readonly rateLimitScale?: number;
  /** The access log: the heartbeats' and health checks' successes summed up once a minute (the default), or `every` line. */
  readonly accessLog?: { readonly mode: 'summary' | 'every'; readonly periodMs: number };
  readonly accessTokenTtlSeconds?: number;
  /** How long an MDT session lives, in hours (4 by default: a shift). */
  readonly mdtSessionHours?: number;
  /** New players one game credential may create through `/duty` per hour (20 by default). */
  readonly autoProvisionPerHour?: number;
  /** A bootstrap key chosen by the installer; otherwise one is generated on first start. */
  readonly bootstrapKey?: string;
  /**
   * Shows a generated bootstrap key to the installer (the server prints it). Called once the
   * service listens, so nothing after it can fail the start; the key counts as shown only once this
   * returns. It is given the service's base URL, to say where to use the key. Left out, `newBootstrapKey` hands the key to the caller instead (decision 0030).
   */
  readonly showBootstrapKey?: (key: string, url: string) => void | Promise<void>;
  readonly clock?: Clock;
  /**
   * The realtime waypoint channel (Socket.IO, namespace `/integrations/game`): on uWebSockets.js
   * at its own port, or on the HTTP server's. Left out, the service runs without it.
   */
  readonly realtime?: {
    readonly engine: RealtimeEngineChoice;
    readonly port: number;
    readonly log?: WaypointLogBounds;
    /** How often a connected MDT is judged again and follows its officer's unit, in milliseconds (30 s by default). */
    readonly mdtRecheckMs?: number;
    /** How often a connected dispatch board's key or session is judged again, in milliseconds (30 s by default). */
    readonly dispatchRecheckMs?: number;
  };
  /** Deadlines for slow clients and the bound on open connections; decision 0031's figures by default. */
  readonly connections?: ConnectionLimits;
  /** The HTTP transport serving the route table: Koa on Node's server (the default) or uWebSockets.js. */
  readonly httpEngine?: HttpEngine;
  /** The route table served; `ROUTES` by default. A host embedding the service may serve rows of its own beside them. */
  readonly routes?: readonly RouteSpec[];
  /** Redis, for the state several instances share (decision 0032); each instance keeps its own without it. */
  readonly redis?: RedisOption;
  /** Serves Prometheus metrics on a listener of its own (decision 0046); none when left out. */
  readonly metrics?: MetricsListenerOptions;
  /** The OpenID Connect and OAuth 2 providers people may sign in with (decision 0098); none when left out. */
  readonly externalProviders?: readonly ExternalProviderSetting[];
}

export interface RunningService {
  readonly url: string;
  readonly core: CadCore;
  /** The realtime channel, when it was asked for: its engine and the base URL resources connect to. */
  readonly realtime: { readonly engine: 'uws' | 'node'; readonly url: string; readonly fallback: string | null } | null;
  /** The bootstrap key generated by this start, to be shown once; null when none was generated. */
  readonly newBootstrapKey: string | null;
  /**
   * When an earlier start generated the bootstrap key and failed before it was shown: the key was
   * never seen, and `bootstrap-key reset` replaces it. Null when there is no such key.
   */
  readonly bootstrapKeyNeverShownSince: Date | null;
  /** Where the metrics are scraped, when they are served. */
  readonly metricsUrl: string | null;
  /** Graceful: stop accepting, finish requests in flight, close the database. */
  close(): Promise<void>;
}

/**
 * The whole HTTP service: core, Koa transport, listening, and then the bootstrap key. The key
 * comes last, so that a start that cannot listen (a port in use) has created no key it cannot show.
 */
export async function startService(options: ServiceOptions): Promise<RunningService> {
  // Before anything is opened: a transport that cannot load here stops the start with nothing to undo.
  const uws = options.httpEngine === 'uws' ? await loadUws() : null;
  // Loaded only when asked for: a single instance never loads the Redis clients.
  const shared = options.redis && (await (await import('./shared-state.ts')).openSharedState(options.redis, options.logger));
  const core = await createCadCore({
    storage: withStorageLogged(options.storage, options.logger),
    shared,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    mdtSessionHours: options.mdtSessionHours,
    autoProvisionPerHour: options.autoProvisionPerHour,
    clock: options.clock,
    problems: new LoggedProblems(options.logger),
    externalProviders: options.externalProviders,
  }).catch(async (error: unknown) => {
    await shared?.close();
    throw error;
  });
  let server: HttpListening | undefined;
  let gateway: RealtimeGateway | undefined;
  let scrape: MetricsListener | undefined;
  const metrics = options.metrics && new ServiceMetrics();
  metrics?.watchPool(() => core.poolUse());
  metrics?.watchLedger(() => core.ledgerSize());
  try {
    server = await listenHttp(
      options,
      uws,
      {
        logger: options.logger,
        trustProxy: options.trustProxy ?? false,
        rateLimitScale: options.rateLimitScale ?? 1,
        accessLog: options.accessLog ?? { mode: 'summary', periodMs: 60_000 },
        asyncApi: asyncApiDocument(),
        // The pages reach the channel on REALTIME_PORT when it runs on a uWebSockets.js app of its own.
        realtimePort: () => (gateway?.engine === 'uws' && gateway.url !== server?.url ? Number(new URL(gateway.url).port) : undefined),
        ...(metrics && { metrics }),
      },
      core,
    );
    const listening = server;
    if (options.realtime !== undefined) {
      if (listening.transport.kind === 'uws' && options.realtime.engine === 'node') {
        throw new Error(
          'CAD_REALTIME_ENGINE=node runs on the Koa transport only; with CAD_HTTP_ENGINE=uws the channel shares the uws app (auto or uws)',
        );
      }
      gateway = await startRealtime({
        engine: options.realtime.engine,
        port: options.realtime.port,
        host: options.host,
        http: listening.transport,
        authenticate: tokenAuthentication(core.accessTokens, () => core.clock.now()),
        now: () => core.clock.now(),
        logger: options.logger,
        fanOut: shared?.fanOut,
        log: waypointLog(shared, options.realtime.log ?? DEFAULT_WAYPOINT_LOG_BOUNDS),
        dispatch: {
          admit: dispatcherAdmission(core, () => Number(new URL(listening.url).port)),
          now: () => core.clock.now(),
          logger: options.logger,
          ...(options.realtime.dispatchRecheckMs !== undefined && { recheckMs: options.realtime.dispatchRecheckMs }),
        },
        mdt: {
          admit: mdtAdmission(core),
          now: () => core.clock.now(),
          logger: options.logger,
          ...(options.realtime.mdtRecheckMs !== undefined && { recheckMs: options.realtime.mdtRecheckMs }),
        },
      });
      if (gateway.dispatch !== null) core.dispatch.connect(gateway.dispatch);
      if (gateway.mdt !== null) core.dispatch.connect(gateway.mdt);
      core.access.connect(gateway.access);
      core.waypoints.connect(metrics ? countedEvents(gateway.waypoints, metrics) : gateway.waypoints);
      const live = gateway;
      metrics?.watchSockets(live.engine, () => live.connections);
    }
    if (metrics && options.metrics) scrape = await listenMetrics(metrics, options.metrics);
    const metricsListener = scrape;
    const realtime = gateway;
    const bootstrapKeys = core.useCases.ensureBootstrapKey;
    const show = options.showBootstrapKey;
    const newBootstrapKey = await bootstrapKeys.execute({
      preset: options.bootstrapKey,
      show: show && ((key: string) => show(key, listening.url)),
    });
    const bootstrapKeyNeverShownSince = newBootstrapKey === null ? await bootstrapKeys.awaitingDisplaySince() : null;
    return {
      url: listening.url,
      core,
      realtime: realtime === undefined ? null : { engine: realtime.engine, url: realtime.url, fallback: realtime.fallback },
      newBootstrapKey,
      bootstrapKeyNeverShownSince,
      metricsUrl: metricsListener?.url ?? null,
      close: async () => {
        await metricsListener?.close();
        await realtime?.close();
        await listening.close();
        await core.close();
        await shared?.close();
      },
    };
  } catch (error) {
    await scrape?.close();
    await gateway?.close();
    await server?.close(0);
    await core.close();
    await shared?.close();
    throw error;
  }
}

/** The HTTP transport listening, and what the realtime channel may share of it. */
interface HttpListening {
  readonly url: string;
  readonly transport:
    { readonly kind: 'node'; readonly server: Server } | { readonly kind: 'uws'; readonly app: TemplatedApp; readonly url: string };
  close(graceMs?: number): Promise<void>;
}

/** The route table on the transport asked for: Koa on Node's server, or uWebSockets.js (which must load here, or the start fails saying why). */
async function listenHttp(options: ServiceOptions, uws: Uws | null, http: HttpOptions, core: CadCore): Promise<HttpListening> {
  const limits = options.connections ?? DEFAULT_CONNECTION_LIMITS;
  if (uws !== null) {
    const listening = await listenUws(
      uws,
      createHttpPipeline(core, options.routes ?? ROUTES, http),
      options.port,
      options.host,
      limits,
      options.logger,
    );
    return { url: listening.url, transport: { kind: 'uws', app: listening.app, url: listening.url }, close: listening.close };
  }
  const listening = await listen(createKoaApp(core, options.routes ?? ROUTES, http), options.port, options.host, limits, options.logger);
  return { url: listening.url, transport: { kind: 'node', server: listening.server }, close: listening.close };
}

/** The log reconnecting sockets resume from: in Redis when instances share it, else in this process. */
function waypointLog(shared: SharedState | undefined, bounds: WaypointLogBounds): WaypointLog {
  return shared?.waypointLog(bounds) ?? new MemoryWaypointLog(bounds);
}

/** Counts each waypoint event as it is handed to the channel's fan-out. */
function countedEvents(channel: WaypointChannel, metrics: ServiceMetrics): WaypointChannel {
  return {
    publish: (organisationId, change, emittedAt) => {
      metrics.eventPublished(change.type);
      channel.publish(organisationId, change, emittedAt);
    },
  };
}

/**
 * A dead process's lock taken over on the data directory is told in the service's log, and so is
 * the database opened: its name, whether this start created it, and the migrations it applied.
 */
function withStorageLogged(storage: StorageOption, logger: Logger): StorageOption {
  if (storage.kind !== 'embedded' && storage.kind !== 'postgres') return storage;
  const onOpened =
    storage.onOpened ??
    ((notice: DatabaseNotice) => {
      const where = notice.server === null ? notice.database : `${notice.database} on ${notice.server}`;
      if (notice.created) logger.warn({ database: notice.database, server: notice.server }, `created the database ${where}`);
      if (notice.migrated.length > 0) {
        logger.info(
          { database: notice.database, server: notice.server, migrations: notice.migrated },
          `migrated the database ${where}: ${notice.migrated.length} migration(s) applied`,
        );
      }
    });
  if (storage.kind === 'postgres') return { ...storage, onOpened };
  return {
    ...storage,
    onOpened,
    onStaleLock:
      storage.onStaleLock ?? ((notice) => logger.warn({ dataDir: notice.dataDir, stalePid: notice.holder.pid }, describeStaleLock(notice))),
  };
}
