import type { Container } from 'inversify';
import { AuditedWrites } from '../application/audit/audited-writes.ts';
import { BridgeGate } from '../application/bridge/bridge-gate.ts';
import { WaypointPublishingUnits, WaypointRelay } from '../application/events/waypoint-feed.ts';
import type { Clock } from '../application/ports/clock.ts';
import type { Persistence } from '../application/ports/persistence.ts';
import type { ResponsePacer } from '../application/ports/response-pacer.ts';
import { NodeCacheRateLimiter } from '../adapters/rate-limit/node-cache-rate-limiter.ts';
import { CryptoSecretGenerator } from '../adapters/security/crypto-secret-generator.ts';
import { HmacSecretHasher } from '../adapters/security/hmac-secret-hasher.ts';
import { JwtAccessTokens } from '../adapters/security/jwt-access-tokens.ts';
import { JwtMdtSessions } from '../adapters/security/jwt-mdt-sessions.ts';
import { SealedCursors } from '../adapters/security/sealed-cursors.ts';
import { SemverVersionOrder } from '../adapters/system/semver-version-order.ts';
import { TimerPacer } from '../adapters/system/timer-pacer.ts';
import { UuidV7IdGenerator } from '../adapters/system/uuid-v7-id-generator.ts';
import type { InstanceKeys } from './instance-keys.ts';
import { TOKENS } from './tokens.ts';

export interface PortBindings {
  readonly persistence: Persistence;
  readonly keys: InstanceKeys;
  readonly clock: Clock;
  readonly accessTokenTtlSeconds: number;
  readonly pacer?: ResponsePacer;
}

/** Binds every port to its adapter: the repositories of the chosen store, and the rest. */
export function bindPorts(container: Container, bindings: PortBindings): void {
  const { persistence } = bindings;
  container.bind(TOKENS.Persistence).toConstantValue(persistence);
  container.bind(TOKENS.UnitOfWork).toConstantValue(persistence.uow);
  container.bind(TOKENS.OrganisationRepository).toConstantValue(persistence.organisations);
  container.bind(TOKENS.DepartmentRepository).toConstantValue(persistence.departments);
  container.bind(TOKENS.CharacterRepository).toConstantValue(persistence.characters);
  container.bind(TOKENS.IdentifierLinkRepository).toConstantValue(persistence.identifierLinks);
  container.bind(TOKENS.LinkCodeRepository).toConstantValue(persistence.linkCodes);
  container.bind(TOKENS.MembershipRepository).toConstantValue(persistence.memberships);
  // Every unit write goes through the waypoint feed, which publishes assignment changes after commit.
  container.bind(TOKENS.WaypointChannel).toConstantValue(new WaypointRelay());
  container
    .bind(TOKENS.UnitRepository)
    .toResolvedValue(
      (organisations, uow, channel, clock) => new WaypointPublishingUnits(persistence.units, organisations, uow, channel, clock),
      [TOKENS.OrganisationRepository, TOKENS.UnitOfWork, TOKENS.WaypointChannel, TOKENS.Clock],
    );
  container.bind(TOKENS.CredentialRepository).toConstantValue(persistence.credentials);
  container.bind(TOKENS.OperatorKeyRepository).toConstantValue(persistence.operatorKeys);
  container.bind(TOKENS.CivilianRepository).toConstantValue(persistence.civilians);
  container.bind(TOKENS.VehicleRepository).toConstantValue(persistence.vehicles);
  container.bind(TOKENS.WarrantRepository).toConstantValue(persistence.warrants);
  container.bind(TOKENS.ReleaseRepository).toConstantValue(persistence.releases);
  container.bind(TOKENS.AuditLog).toConstantValue(persistence.auditLog);
  container.bind(TOKENS.CallRepository).toConstantValue(persistence.calls);
  container.bind(TOKENS.BoloRepository).toConstantValue(persistence.bolos);
  container.bind(TOKENS.CitationRepository).toConstantValue(persistence.citations);
  container.bind(TOKENS.ArrestRepository).toConstantValue(persistence.arrests);
  container.bind(TOKENS.RecordNumbers).toConstantValue(persistence.recordNumbers);
  container.bind(TOKENS.BridgePlayerReader).toConstantValue(persistence.bridgePlayers);
  container.bind(TOKENS.PresenceRepository).toConstantValue(persistence.presence);
  container.bind(TOKENS.ProvisioningLedger).toConstantValue(persistence.provisioning);
  container.bind(TOKENS.MdtHandoffRepository).toConstantValue(persistence.mdtHandoffs);

  container.bind(TOKENS.Clock).toConstantValue(bindings.clock);
  container.bind(TOKENS.IdGenerator).toConstantValue(new UuidV7IdGenerator());
  container.bind(TOKENS.SecretGenerator).toConstantValue(new CryptoSecretGenerator());
  container.bind(TOKENS.ResponsePacer).toConstantValue(bindings.pacer ?? new TimerPacer());
  container.bind(TOKENS.SecretHasher).toConstantValue(new HmacSecretHasher(bindings.keys.hashing));
  container.bind(TOKENS.AccessTokens).toConstantValue(new JwtAccessTokens(bindings.keys.signing, bindings.accessTokenTtlSeconds));
  container.bind(TOKENS.MdtSessionIssuer).toConstantValue(new JwtMdtSessions(bindings.keys.signing));
  container.bind(TOKENS.CursorCodec).toConstantValue(new SealedCursors(bindings.keys.signing));
  container.bind(TOKENS.VersionOrder).toConstantValue(new SemverVersionOrder());
  container.bind(TOKENS.BridgeGate).toResolvedValue((players) => new BridgeGate(players), [TOKENS.BridgePlayerReader]);
  container
    .bind(TOKENS.RateLimiter)
    .toResolvedValue((clock) => new NodeCacheRateLimiter(clock), [TOKENS.Clock])
    .onDeactivation((limiter) => (limiter as NodeCacheRateLimiter).close());
  container
    .bind(TOKENS.AuditedWrites)
    .toResolvedValue(
      (uow, log, ids, clock) => new AuditedWrites(uow, log, ids, clock),
      [TOKENS.UnitOfWork, TOKENS.AuditLog, TOKENS.IdGenerator, TOKENS.Clock],
    );
}
