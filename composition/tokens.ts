import type { ServiceIdentifier } from 'inversify';
import type { DispatchRelay } from '../application/events/dispatch-feed.ts';
import type { AccessRelay } from '../application/events/access-relay.ts';
import type { WaypointRelay } from '../application/events/waypoint-feed.ts';
import type { BridgePlayerReader } from '../application/ports/bridge-player-reader.ts';
import type { PortName, Ports } from '../application/ports/port-catalogue.ts';
import type { Persistence } from '../application/ports/persistence.ts';
import type { RateLimiter } from '../application/ports/rate-limiter.ts';
import type { UseCaseName, UseCases } from '../application/use-cases.ts';
import type { JwtAccessTokens } from '../adapters/security/jwt-access-tokens.ts';
import type { JwtMdtSessions } from '../adapters/security/jwt-mdt-sessions.ts';

const token = <T>(name: string) => Symbol.for(`cad.${name}`) as ServiceIdentifier<T>;

/** The identifier of a port, named as the registry names it. */
export const portToken = <Name extends PortName>(name: Name) => token<Ports[Name]>(`port.${name}`);

/** The identifier of a use case, named as the registry names it. */
export const useCaseToken = <Name extends UseCaseName>(name: Name) => token<UseCases[Name]>(`useCase.${name}`);

/** What the container holds besides ports and use cases: the pieces transports and adapters need. */
export const TOKENS = {
  Persistence: token<Persistence>('Persistence'),
  /** The token adapter itself: transports verify bearer tokens with it. */
  AccessTokens: token<JwtAccessTokens>('AccessTokens'),
  /** The MDT session adapter itself: transports verify MDT sessions with it. */
  MdtSessions: token<JwtMdtSessions>('MdtSessions'),
  RateLimiter: token<RateLimiter>('RateLimiter'),
  BridgePlayerReader: token<BridgePlayerReader>('BridgePlayerReader'),
  WaypointChannel: token<WaypointRelay>('WaypointChannel'),
  DispatchChannel: token<DispatchRelay>('DispatchChannel'),
  AccessWatch: token<AccessRelay>('AccessWatch'),
} as const;
