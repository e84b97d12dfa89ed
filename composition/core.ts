import { Container } from 'inversify';
import type { Clock } from '../application/ports/clock.ts';
import type { PoolUse } from '../application/ports/persistence.ts';
import type { ProblemLog } from '../application/ports/problem-log.ts';
import type { RateLimiter } from '../application/ports/rate-limiter.ts';
import type { ResponsePacer } from '../application/ports/response-pacer.ts';
import type { DispatchRelay } from '../application/events/dispatch-feed.ts';
import type { AccessRelay } from '../application/events/access-relay.ts';
import type { WaypointRelay } from '../application/events/waypoint-feed.ts';
import type { UseCases } from '../application/use-cases.ts';
import type { JwtAccessTokens } from '../adapters/security/jwt-access-tokens.ts';
import { type JwtMdtSessions, MDT_SESSION_TTL_SECONDS } from '../adapters/security/jwt-mdt-sessions.ts';
import type { ExternalProviderSetting } from '../adapters/security/openid-client-identities.ts';
import { LoggedProblems, createLogger } from '../adapters/logging/index.ts';
import { SystemClock } from '../adapters/system/system-clock.ts';
import { DEFAULT_AUTO_PROVISION_PER_HOUR } from '../domain/roster/provisioning.ts';
import { DEFAULT_SESSION_LIFETIME, type SessionLifetime } from '../domain/people/browser-session.ts';
import { bindPorts } from './bind-ports.ts';
import { bindUseCases, resolveUseCases } from './bind-use-cases.ts';
import { loadInstanceKeys } from './instance-keys.ts';
import type { SharedState } from './shared-state.ts';
import { type StorageOption, openStorage } from './storage.ts';
import { TOKENS } from './tokens.ts';

export interface CadCoreOptions {
  readonly storage: StorageOption;
  /** Lifetime of issued access tokens; the contract's 720 s by default. */
  readonly accessTokenTtlSeconds?: number;
  /** The clock every use case reads; the system clock by default. */
  readonly clock?: Clock;
  /**
   * No token exchange answers sooner than this (25 ms by default), so that the time an answer
   * takes does not tell an unknown client id from a wrong secret.
   */
  readonly tokenExchangeFloorMs?: number;
  /** How answers wait out that floor; Node's timers by default. */
  readonly pacer?: ResponsePacer;
  /** New players one game credential may create through `/duty` per hour (20 by default). */
  readonly autoProvisionPerHour?: number;
  /** How long an MDT session lives, in hours: a shift (4 by default). */
  readonly mdtSessionHours?: number;
  /** How long a person's browser session lives idle and at most (2 h and 12 h by default). */
  readonly sessionLifetime?: SessionLifetime;
  /** No password sign-in answers sooner than this (250 ms by default, above an argon2id verification). */
  readonly signInFloorMs?: number;
  /** Where failures the service survives are reported; error lines on standard output by default. */
  readonly problems?: ProblemLog;
  /** State shared with other instances (Redis, decision 0032): the rate-limit windows. Per process without it. */
  readonly shared?: SharedState;
  /** The OpenID Connect and OAuth 2 providers people may sign in with (decision 0098); none by default. */
  readonly externalProviders?: readonly ExternalProviderSetting[];
}

/** The service without any transport: what a host embeds, and what transports are built on. */
export interface CadCore {
  readonly useCases: UseCases;
  /** Issues and verifies access tokens; transports verify bearer tokens with it. */
  readonly accessTokens: JwtAccessTokens;
  /** Verifies MDT sessions; transports accept them on the MDT routes and channel only. */
  readonly mdtSessions: JwtMdtSessions;
  readonly rateLimiter: RateLimiter;
  readonly clock: Clock;
  /**
   * Where committed assignment changes of `game_tiles` organisations are published: connect a
   * transport (the Socket.IO gateway, or a host's own) to receive the `waypoint` events.
   */
  readonly waypoints: WaypointRelay;
  /**
   * Where positions and committed changes dispatchers watch are published: connect a transport
   * (the Socket.IO gateway's dispatch namespace, or a host's own) to receive them.
   */
  readonly dispatch: DispatchRelay;
  /** Told after commit when someone's rights on a live channel may have changed: connect a transport to judge its channels again. */
  readonly access: AccessRelay;
  /** Whether the store answers. */
  isReady(): Promise<boolean>;
  /** Backing services the core runs without right now (`['redis']`), answering all the same. */
  degraded(): readonly string[];
  /** The database pool's use now; null where the store keeps no pool (memory, PGlite). */
  poolUse(): PoolUse | null;
  /** How many idempotency keys the ledger keeps now (a metric). */
  ledgerSize(): Promise<number>;
  close(): Promise<void>;
}

export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 720;
export const DEFAULT_TOKEN_EXCHANGE_FLOOR_MS = 25;
export const DEFAULT_SIGN_IN_FLOOR_MS = 250;

export async function createCadCore(options: CadCoreOptions): Promise<CadCore> {
  const persistence = await openStorage(options.storage);
  const container = new Container({ defaultScope: 'Singleton' });
  try {
    const clock = options.clock ?? new SystemClock();
    const keys = await loadInstanceKeys(persistence.instanceKeys);
    const accessTokenTtlSeconds = options.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS;
    const settings = {
      tokenExchangeFloorMs: options.tokenExchangeFloorMs ?? DEFAULT_TOKEN_EXCHANGE_FLOOR_MS,
      autoProvisionPerHour: options.autoProvisionPerHour ?? DEFAULT_AUTO_PROVISION_PER_HOUR,
      sessionLifetime: options.sessionLifetime ?? DEFAULT_SESSION_LIFETIME,
      signInFloorMs: options.signInFloorMs ?? DEFAULT_SIGN_IN_FLOOR_MS,
    };
    const problems = options.problems ?? new LoggedProblems(createLogger('error'));
    bindPorts(container, {
      persistence,
      keys,
      clock,
      accessTokenTtlSeconds,
      mdtSessionTtlSeconds: Math.round((options.mdtSessionHours ?? MDT_SESSION_TTL_SECONDS / 3600) * 3600),
      settings,
      problems,
      pacer: options.pacer,
      shared: options.shared,
      externalProviders: options.externalProviders ?? [],
    });
    bindUseCases(container);
    return {
      useCases: resolveUseCases(container),
      accessTokens: container.get(TOKENS.AccessTokens),
      mdtSessions: container.get(TOKENS.MdtSessions),
      rateLimiter: container.get(TOKENS.RateLimiter),
      clock,
      waypoints: container.get(TOKENS.WaypointChannel),
      dispatch: container.get(TOKENS.DispatchChannel),
      access: container.get(TOKENS.AccessWatch),
      isReady: () =>
        persistence.ping().then(
          () => true,
          () => false,
        ),
      degraded: () => options.shared?.degraded() ?? [],
      poolUse: () => persistence.poolUse?.() ?? null,
      ledgerSize: () => persistence.idempotency.size(),
      close: async () => {
        await container.unbindAllAsync();
        await persistence.close();
      },
    };
  } catch (error) {
    await persistence.close();
    throw error;
  }
}
