import type { AuditLog } from './audit-log.ts';
import type { BoloRepository } from './bolo-repository.ts';
import type { BridgePlayerReader } from './bridge-player-reader.ts';
import type { CallRepository } from './call-repository.ts';
import type { ArrestRepository, CitationRepository } from './incident-records-repositories.ts';
import type { EndedMdtSessions } from './ended-mdt-sessions.ts';
import type { MdtHandoffRepository } from './mdt-handoff-repository.ts';
import type { MdtPairingRepository } from './mdt-pairing-repository.ts';
import type {
  BrowserSessionRepository,
  InvitationRepository,
  PersonMembershipRepository,
  PersonRepository,
  SignInMethodRepository,
} from './people-repositories.ts';
import type { PresenceRepository } from './presence-repository.ts';
import type { ProvisioningLedger } from './provisioning-ledger.ts';
import type { RecordNumbers } from './record-numbers.ts';
import type { CredentialRepository, OperatorKeyRepository } from './credential-repositories.ts';
import type { IdempotencyLedger } from './idempotency-ledger.ts';
import type { InstanceKeyStore } from './instance-key-store.ts';
import type { DepartmentRepository, OrganisationRepository } from './organisation-repositories.ts';
import type { CivilianRepository, ReleaseRepository, VehicleRepository, WarrantRepository } from './records-repositories.ts';
import type {
  CharacterRepository,
  IdentifierLinkRepository,
  LinkCodeRepository,
  MembershipRepository,
  PendingLinkRepository,
} from './roster-repositories.ts';
import type { UnitRepository } from './unit-repository.ts';
import type { UnitOfWork } from './unit-of-work.ts';

/** Everything one storage technology provides: the repositories and the unit of work over them. */
/** Connections of a store's pool: open ones, idle ones, and requests waiting for one. */
export interface PoolUse {
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
}

export interface Persistence {
  readonly uow: UnitOfWork;
  readonly organisations: OrganisationRepository;
  readonly departments: DepartmentRepository;
  readonly characters: CharacterRepository;
  readonly identifierLinks: IdentifierLinkRepository;
  readonly linkCodes: LinkCodeRepository;
  readonly pendingLinks: PendingLinkRepository;
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
  readonly bridgePlayers: BridgePlayerReader;
  readonly presence: PresenceRepository;
  readonly provisioning: ProvisioningLedger;
  readonly mdtHandoffs: MdtHandoffRepository;
  readonly endedMdtSessions: EndedMdtSessions;
  readonly mdtPairings: MdtPairingRepository;
  readonly auditLog: AuditLog;
  readonly instanceKeys: InstanceKeyStore;
  readonly idempotency: IdempotencyLedger;
  readonly people: PersonRepository;
  readonly signInMethods: SignInMethodRepository;
  readonly personMemberships: PersonMembershipRepository;
  readonly browserSessions: BrowserSessionRepository;
  readonly invitations: InvitationRepository;
  /** Resolves when the store answers; rejects when it does not (readiness). */
  ping(): Promise<void>;
  /** The connection pool's use now, for a store whose driver keeps a pool; absent otherwise. */
  poolUse?(): PoolUse;
  close(): Promise<void>;
}
