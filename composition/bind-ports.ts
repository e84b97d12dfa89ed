import type { Container } from 'inversify';
import { AuditedWrites } from '../application/audit/audited-writes.ts';
import { BridgeGate } from '../application/bridge/bridge-gate.ts';
import { BoardPublishingCalls, BoardPublishingUnits, DispatchRelay } from '../application/events/dispatch-feed.ts';
import { AccessRelay } from '../application/events/access-relay.ts';
import { LivePositions } from '../application/events/live-positions.ts';
import { WaypointPublishingUnits, WaypointRelay } from '../application/events/waypoint-feed.ts';
import { MemoryPositionCache } from '../adapters/live-positions/index.ts';
import { ReportedEffects } from '../application/events/reported-effects.ts';
import type { Clock } from '../application/ports/clock.ts';
import type { Persistence } from '../application/ports/persistence.ts';
import type { PortName, Ports, UseCaseSettings } from '../application/ports/port-catalogue.ts';
import type { ProblemLog } from '../application/ports/problem-log.ts';
import type { ResponsePacer } from '../application/ports/response-pacer.ts';
import { NodeCacheRateLimiter } from '../adapters/rate-limit/node-cache-rate-limiter.ts';
import { CryptoSecretGenerator } from '../adapters/security/crypto-secret-generator.ts';
import { HmacSecretHasher } from '../adapters/security/hmac-secret-hasher.ts';
import { JwtAccessTokens } from '../adapters/security/jwt-access-tokens.ts';
import { JwtMdtSessions } from '../adapters/security/jwt-mdt-sessions.ts';
import { SealedCursors } from '../adapters/security/sealed-cursors.ts';
import { Argon2PasswordHasher } from '../adapters/security/argon2-password-hasher.ts';
import { AesSecretSealer } from '../adapters/security/aes-secret-sealer.ts';
import { OtpauthOneTimePasswords } from '../adapters/security/otpauth-one-time-passwords.ts';
import { SimpleWebAuthnPasskeys } from '../adapters/security/simplewebauthn-passkeys.ts';
import { ZxcvbnCommonPasswords } from '../adapters/security/zxcvbn-common-passwords.ts';
import { type ExternalProviderSetting, OpenIdClientIdentities } from '../adapters/security/openid-client-identities.ts';
import { SemverVersionOrder } from '../adapters/system/semver-version-order.ts';
import { TimerPacer } from '../adapters/system/timer-pacer.ts';
import { UuidV7IdGenerator } from '../adapters/system/uuid-v7-id-generator.ts';
import type { InstanceKeys } from './instance-keys.ts';
import type { SharedState } from './shared-state.ts';
import { TOKENS, portToken } from './tokens.ts';

export interface PortBindings {
  readonly persistence: Persistence;
  readonly keys: InstanceKeys;
  readonly clock: Clock;
  readonly accessTokenTtlSeconds: number;
  /** How long an MDT session lives. */
  readonly mdtSessionTtlSeconds: number;
  readonly settings: UseCaseSettings;
  readonly problems: ProblemLog;
  readonly pacer?: ResponsePacer;
  /** Redis, when instances share their windows (decision 0032); in-process windows without it. */
  readonly shared?: SharedState;
  readonly externalProviders: readonly ExternalProviderSetting[];
}

/** The ports the chosen store provides as they are. */
const STORED = [
  'organisations',
  'departments',
  'characters',
  'identifierLinks',
  'linkCodes',
  'pendingLinks',
  'memberships',
  'credentials',
  'operatorKeys',
  'civilians',
  'vehicles',
  'warrants',
  'releases',
  'auditLog',
  'bolos',
  'citations',
  'arrests',
  'recordNumbers',
  'presence',
  'provisioning',
  'mdtHandoffs',
  'endedMdtSessions',
  'mdtPairings',
  'idempotency',
  'people',
  'signInMethods',
  'personMemberships',
  'browserSessions',
  'invitations',
] as const satisfies readonly (PortName & keyof Persistence)[];

/** Binds every port to its adapter: the repositories of the chosen store, and the rest. */
export function bindPorts(container: Container, bindings: PortBindings): void {
  const { persistence, keys } = bindings;
  const constant = <Name extends PortName>(name: Name, value: Ports[Name]) => container.bind(portToken(name)).toConstantValue(value);
  container.bind(TOKENS.Persistence).toConstantValue(persistence);
  for (const name of STORED) constant(name, persistence[name] as never);
  container.bind(TOKENS.BridgePlayerReader).toConstantValue(persistence.bridgePlayers);
  constant('uow', new ReportedEffects(persistence.uow, bindings.problems));

  // Every unit write goes through the waypoint feed, which publishes assignment changes after commit,
  // and then the board feed, which tells dispatchers; every call write goes through the board feed.
  container.bind(TOKENS.WaypointChannel).toConstantValue(new WaypointRelay());
  const dispatch = new DispatchRelay();
  container.bind(TOKENS.DispatchChannel).toConstantValue(dispatch);
  const access = new AccessRelay();
  container.bind(TOKENS.AccessWatch).toConstantValue(access);
  constant('access', access);
  container
    .bind(portToken('positions'))
    .toResolvedValue(
      (clock) => new LivePositions(bindings.shared?.positionCache() ?? new MemoryPositionCache(), dispatch, clock, bindings.problems),
      [portToken('clock')],
    );
  container
    .bind(portToken('units'))
    .toResolvedValue(
      (organisations, uow, channel, clock, positions) =>
        new BoardPublishingUnits(
          new WaypointPublishingUnits(persistence.units, organisations, uow, channel, clock, persistence.recordNumbers),
          uow,
          dispatch,
          positions,
          clock,
        ),
      [portToken('organisations'), portToken('uow'), TOKENS.WaypointChannel, portToken('clock'), portToken('positions')],
    );
  container
    .bind(portToken('calls'))
    .toResolvedValue(
      (uow, clock) => new BoardPublishingCalls(persistence.calls, uow, dispatch, clock),
      [portToken('uow'), portToken('clock')],
    );

  const accessTokens = new JwtAccessTokens(keys.signing, bindings.accessTokenTtlSeconds);
  container.bind(TOKENS.AccessTokens).toConstantValue(accessTokens);
  constant('accessTokens', accessTokens);
  constant('clock', bindings.clock);
  constant('ids', new UuidV7IdGenerator());
  constant('secrets', new CryptoSecretGenerator());
  constant('pacer', bindings.pacer ?? new TimerPacer());
  constant('hasher', new HmacSecretHasher(keys.hashing));
  const mdtSessions = new JwtMdtSessions(keys.signing, bindings.mdtSessionTtlSeconds);
  container.bind(TOKENS.MdtSessions).toConstantValue(mdtSessions);
  constant('mdtSessions', mdtSessions);
  constant('cursors', new SealedCursors(keys.signing));
  constant('versions', new SemverVersionOrder());
  constant('settings', bindings.settings);
  container
    .bind(portToken('gate'))
    .toResolvedValue((players, uow) => new BridgeGate(players, uow), [TOKENS.BridgePlayerReader, portToken('uow')]);
  container
    .bind(portToken('writes'))
    .toResolvedValue(
      (uow, log, ids, clock, access) => new AuditedWrites(uow, log, ids, clock, access),
      [portToken('uow'), portToken('auditLog'), portToken('ids'), portToken('clock'), portToken('access')],
    );
  container
    .bind(TOKENS.RateLimiter)
    .toResolvedValue(
      (clock) => bindings.shared?.rateLimiter(new NodeCacheRateLimiter(clock)) ?? new NodeCacheRateLimiter(clock),
      [portToken('clock')],
    )
    .onDeactivation((limiter) => (limiter as typeof limiter & { close(): void }).close());
  container.bind(portToken('attempts')).toResolvedValue((limiter) => limiter, [TOKENS.RateLimiter]);
  constant('passwords', new Argon2PasswordHasher());
  constant('sealer', new AesSecretSealer(keys.hashing, 'people'));
  constant('otp', new OtpauthOneTimePasswords('CAD'));
  constant('passkeys', new SimpleWebAuthnPasskeys('CAD'));
  constant('commonPasswords', new ZxcvbnCommonPasswords());
  constant('externalIdentities', new OpenIdClientIdentities(bindings.externalProviders, bindings.problems));
}
