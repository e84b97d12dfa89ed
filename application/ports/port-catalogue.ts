import type { AuditedWrites } from '../audit/audited-writes.ts';
import type { BridgeGate } from '../bridge/bridge-gate.ts';
import type { AuditLog } from './audit-log.ts';
import type { BoloRepository } from './bolo-repository.ts';
import type { CallRepository } from './call-repository.ts';
import type { Clock } from './clock.ts';
import type { CredentialRepository, OperatorKeyRepository } from './credential-repositories.ts';
import type { CursorCodec } from './cursor-codec.ts';
import type { IdGenerator } from './id-generator.ts';
import type { ArrestRepository, CitationRepository } from './incident-records-repositories.ts';
import type { MdtHandoffRepository } from './mdt-handoff-repository.ts';
import type { MdtSessionIssuer } from './mdt-session-issuer.ts';
import type { DepartmentRepository, OrganisationRepository } from './organisation-repositories.ts';
import type { PresenceRepository } from './presence-repository.ts';
import type { ProvisioningLedger } from './provisioning-ledger.ts';
import type { RecordNumbers } from './record-numbers.ts';
import type { CivilianRepository, ReleaseRepository, VehicleRepository, WarrantRepository } from './records-repositories.ts';
import type { ResponsePacer } from './response-pacer.ts';
import type { CharacterRepository, IdentifierLinkRepository, LinkCodeRepository, MembershipRepository } from './roster-repositories.ts';
import type { SecretGenerator } from './secret-generator.ts';
import type { SecretHasher } from './secret-hasher.ts';
import type { TokenIssuer } from './token-issuer.ts';
import type { UnitOfWork } from './unit-of-work.ts';
import type { UnitRepository } from './unit-repository.ts';
import type { VersionOrder } from './version-order.ts';

/** Figures the host sets for the use cases (configuration, not state). */
export interface UseCaseSettings {
  /** No token-exchange answer comes sooner than this, whichever path it took. */
  readonly tokenExchangeFloorMs: number;
  /** New players one game credential may create through `/duty` per hour. */
  readonly autoProvisionPerHour: number;
}

/**
 * Everything a use case may be given, by the name use cases know it by. A composition root
 * provides each one; the registry (`use-cases.ts`) says which use case receives which.
 */
export interface Ports {
  readonly organisations: OrganisationRepository;
  readonly departments: DepartmentRepository;
  readonly characters: CharacterRepository;
  readonly identifierLinks: IdentifierLinkRepository;
  readonly linkCodes: LinkCodeRepository;
  readonly memberships: MembershipRepository;
  readonly units: UnitRepository;
  readonly credentials: CredentialRepository;
  readonly operatorKeys: OperatorKeyRepository;
  readonly civilians: CivilianRepository;
  readonly vehicles: VehicleRepository;
  readonly warrants: WarrantRepository;
  readonly releases: ReleaseRepository;
  readonly calls: CallRepository;
  readonly bolos: BoloRepository;
  readonly citations: CitationRepository;
  readonly arrests: ArrestRepository;
  readonly recordNumbers: RecordNumbers;
  readonly presence: PresenceRepository;
  readonly provisioning: ProvisioningLedger;
  readonly mdtHandoffs: MdtHandoffRepository;
  readonly auditLog: AuditLog;
  readonly uow: UnitOfWork;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly secrets: SecretGenerator;
  readonly hasher: SecretHasher;
  readonly accessTokens: TokenIssuer;
  readonly mdtSessions: MdtSessionIssuer;
  readonly cursors: CursorCodec;
  readonly versions: VersionOrder;
  readonly pacer: ResponsePacer;
  /** Application services every write or bridge use case shares, built from the ports above. */
  readonly writes: AuditedWrites;
  readonly gate: BridgeGate;
  readonly settings: UseCaseSettings;
}

export type PortName = keyof Ports;
