import type { AuditedWrites } from '../audit/audited-writes.ts';
import type { LivePositions } from '../events/live-positions.ts';
import type { BridgeGate } from '../bridge/bridge-gate.ts';
import type { Clock } from './clock.ts';
import type { CursorCodec } from './cursor-codec.ts';
import type { ExternalIdentities } from './external-identities.ts';
import type { IdGenerator } from './id-generator.ts';
import type { MdtSessionIssuer } from './mdt-session-issuer.ts';
import type { CommonPasswords, PasswordHasher } from './password-hasher.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { SecretSealer } from './secret-sealer.ts';
import type { OneTimePasswords } from './one-time-passwords.ts';
import type { Passkeys } from './passkeys.ts';
import type { SessionLifetime } from '../../domain/people/browser-session.ts';
import type { Persistence } from './persistence.ts';
import type { AccessWatch } from './access-watch.ts';
import type { ResponsePacer } from './response-pacer.ts';
import type { SecretGenerator } from './secret-generator.ts';
import type { SecretHasher } from './secret-hasher.ts';
import type { TokenIssuer } from './token-issuer.ts';
import type { VersionOrder } from './version-order.ts';

/** Figures the host sets for the use cases (configuration, not state). */
export interface UseCaseSettings {
  /** No token-exchange answer comes sooner than this, whichever path it took. */
  readonly tokenExchangeFloorMs: number;
  /** New players one game credential may create through `/duty` per hour. */
  readonly autoProvisionPerHour: number;
  /** How long a person's browser session lives without use, and at most. */
  readonly sessionLifetime: SessionLifetime;
  /** No password sign-in answers sooner than this, so an unknown name and a wrong password take one time. */
  readonly signInFloorMs: number;
}

/**
 * Everything a use case may be given, by the name use cases know it by: the store's repositories
 * and unit of work, and the ports below. A composition root provides each one; the registry
 * (`use-cases.ts`) says which use case receives which.
 */
export interface Ports extends Omit<Persistence, 'bridgePlayers' | 'instanceKeys' | 'ping' | 'close'> {
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly secrets: SecretGenerator;
  readonly hasher: SecretHasher;
  readonly accessTokens: TokenIssuer;
  readonly mdtSessions: MdtSessionIssuer;
  readonly cursors: CursorCodec;
  readonly versions: VersionOrder;
  readonly pacer: ResponsePacer;
  readonly passwords: PasswordHasher;
  /** Seals what must be read back: authenticator keys, pending second steps. */
  readonly sealer: SecretSealer;
  readonly otp: OneTimePasswords;
  /** The WebAuthn ceremonies of passkeys: options for the browser, verification of its answers. */
  readonly passkeys: Passkeys;
  readonly commonPasswords: CommonPasswords;
  /** Sign-in at the OpenID Connect and OAuth 2 providers the operator configured (none by default). */
  readonly externalIdentities: ExternalIdentities;
  /** Budgets of attempts (sign-in per account), shared across instances where the rate limiter is. */
  readonly attempts: RateLimiter;
  /** Application services every write or bridge use case shares, built from the ports above. */
  readonly writes: AuditedWrites;
  readonly gate: BridgeGate;
  /** The map broadcast of `/location` and the last known positions (never the database). */
  readonly positions: LivePositions;
  readonly settings: UseCaseSettings;
  /** Told after commit when someone's rights on a live channel may have changed (a sign-out ends sessions). */
  readonly access: AccessWatch;
}

export type PortName = keyof Ports;
