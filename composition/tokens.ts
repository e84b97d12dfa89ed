import type { ServiceIdentifier } from 'inversify';
import type { AuditedWrites } from '../application/audit/audited-writes.ts';
import type { BridgeGate } from '../application/bridge/bridge-gate.ts';
import type { BoloRepository } from '../application/ports/bolo-repository.ts';
import type { BridgePlayerReader } from '../application/ports/bridge-player-reader.ts';
import type { CallRepository } from '../application/ports/call-repository.ts';
import type { ArrestRepository, CitationRepository } from '../application/ports/incident-records-repositories.ts';
import type { MdtHandoffRepository } from '../application/ports/mdt-handoff-repository.ts';
import type { WaypointRelay } from '../application/events/waypoint-feed.ts';
import type { CursorCodec } from '../application/ports/cursor-codec.ts';
import type { MdtSessionIssuer } from '../application/ports/mdt-session-issuer.ts';
import type { PresenceRepository } from '../application/ports/presence-repository.ts';
import type { ProvisioningLedger } from '../application/ports/provisioning-ledger.ts';
import type { RecordNumbers } from '../application/ports/record-numbers.ts';
import type { VersionOrder } from '../application/ports/version-order.ts';
import type { AuditLog } from '../application/ports/audit-log.ts';
import type { Clock } from '../application/ports/clock.ts';
import type { CredentialRepository, OperatorKeyRepository } from '../application/ports/credential-repositories.ts';
import type { IdGenerator } from '../application/ports/id-generator.ts';
import type { DepartmentRepository, OrganisationRepository } from '../application/ports/organisation-repositories.ts';
import type { Persistence } from '../application/ports/persistence.ts';
import type { RateLimiter } from '../application/ports/rate-limiter.ts';
import type { ResponsePacer } from '../application/ports/response-pacer.ts';
import type {
  CivilianRepository,
  ReleaseRepository,
  VehicleRepository,
  WarrantRepository,
} from '../application/ports/records-repositories.ts';
import type {
  CharacterRepository,
  IdentifierLinkRepository,
  LinkCodeRepository,
  MembershipRepository,
} from '../application/ports/roster-repositories.ts';
import type { SecretGenerator } from '../application/ports/secret-generator.ts';
import type { SecretHasher } from '../application/ports/secret-hasher.ts';
import type { UnitRepository } from '../application/ports/unit-repository.ts';
import type { UnitOfWork } from '../application/ports/unit-of-work.ts';
import type { UseCases } from '../application/use-cases.ts';
import type { JwtAccessTokens } from '../adapters/security/jwt-access-tokens.ts';

const token = <T>(name: string) => Symbol.for(`cad.${name}`) as ServiceIdentifier<T>;

/** Every service identifier of the container; only the composition root resolves them. */
export const TOKENS = {
  Persistence: token<Persistence>('Persistence'),
  UnitOfWork: token<UnitOfWork>('UnitOfWork'),
  OrganisationRepository: token<OrganisationRepository>('OrganisationRepository'),
  DepartmentRepository: token<DepartmentRepository>('DepartmentRepository'),
  CharacterRepository: token<CharacterRepository>('CharacterRepository'),
  IdentifierLinkRepository: token<IdentifierLinkRepository>('IdentifierLinkRepository'),
  LinkCodeRepository: token<LinkCodeRepository>('LinkCodeRepository'),
  MembershipRepository: token<MembershipRepository>('MembershipRepository'),
  UnitRepository: token<UnitRepository>('UnitRepository'),
  CredentialRepository: token<CredentialRepository>('CredentialRepository'),
  OperatorKeyRepository: token<OperatorKeyRepository>('OperatorKeyRepository'),
  CivilianRepository: token<CivilianRepository>('CivilianRepository'),
  VehicleRepository: token<VehicleRepository>('VehicleRepository'),
  WarrantRepository: token<WarrantRepository>('WarrantRepository'),
  ReleaseRepository: token<ReleaseRepository>('ReleaseRepository'),
  AuditLog: token<AuditLog>('AuditLog'),
  Clock: token<Clock>('Clock'),
  IdGenerator: token<IdGenerator>('IdGenerator'),
  SecretGenerator: token<SecretGenerator>('SecretGenerator'),
  SecretHasher: token<SecretHasher>('SecretHasher'),
  AccessTokens: token<JwtAccessTokens>('AccessTokens'),
  RateLimiter: token<RateLimiter>('RateLimiter'),
  ResponsePacer: token<ResponsePacer>('ResponsePacer'),
  AuditedWrites: token<AuditedWrites>('AuditedWrites'),
  CallRepository: token<CallRepository>('CallRepository'),
  BoloRepository: token<BoloRepository>('BoloRepository'),
  CitationRepository: token<CitationRepository>('CitationRepository'),
  ArrestRepository: token<ArrestRepository>('ArrestRepository'),
  RecordNumbers: token<RecordNumbers>('RecordNumbers'),
  BridgePlayerReader: token<BridgePlayerReader>('BridgePlayerReader'),
  PresenceRepository: token<PresenceRepository>('PresenceRepository'),
  ProvisioningLedger: token<ProvisioningLedger>('ProvisioningLedger'),
  MdtHandoffRepository: token<MdtHandoffRepository>('MdtHandoffRepository'),
  MdtSessionIssuer: token<MdtSessionIssuer>('MdtSessionIssuer'),
  VersionOrder: token<VersionOrder>('VersionOrder'),
  BridgeGate: token<BridgeGate>('BridgeGate'),
  CursorCodec: token<CursorCodec>('CursorCodec'),
  WaypointChannel: token<WaypointRelay>('WaypointChannel'),
} as const;

const useCaseToken = <Name extends keyof UseCases>(name: Name) => token<UseCases[Name]>(`useCase.${name}`);

/** One identifier per use case, so each is bound with exactly the ports it uses. */
export const USE_CASE_TOKENS: { readonly [Name in keyof UseCases]: ServiceIdentifier<UseCases[Name]> } = {
  exchangeToken: useCaseToken('exchangeToken'),
  authenticateOperator: useCaseToken('authenticateOperator'),
  ensureBootstrapKey: useCaseToken('ensureBootstrapKey'),
  createOrganisation: useCaseToken('createOrganisation'),
  updateOrganisation: useCaseToken('updateOrganisation'),
  createOperatorKey: useCaseToken('createOperatorKey'),
  listOperatorKeys: useCaseToken('listOperatorKeys'),
  revokeOperatorKey: useCaseToken('revokeOperatorKey'),
  createDepartment: useCaseToken('createDepartment'),
  updateDepartment: useCaseToken('updateDepartment'),
  createCharacter: useCaseToken('createCharacter'),
  issueLinkCode: useCaseToken('issueLinkCode'),
  addDepartmentMember: useCaseToken('addDepartmentMember'),
  updateUnit: useCaseToken('updateUnit'),
  createCredential: useCaseToken('createCredential'),
  listCredentials: useCaseToken('listCredentials'),
  rotateCredentialSecret: useCaseToken('rotateCredentialSecret'),
  revokeCredential: useCaseToken('revokeCredential'),
  createCivilian: useCaseToken('createCivilian'),
  registerVehicle: useCaseToken('registerVehicle'),
  issueWarrant: useCaseToken('issueWarrant'),
  publishRelease: useCaseToken('publishRelease'),
  readAuditLog: useCaseToken('readAuditLog'),
  syncVehicle: useCaseToken('syncVehicle'),
  listUnits: useCaseToken('listUnits'),
  readUnit: useCaseToken('readUnit'),
  setUnitStatus: useCaseToken('setUnitStatus'),
  listCalls: useCaseToken('listCalls'),
  readCallForApi: useCaseToken('readCallForApi'),
  setCallStatus: useCaseToken('setCallStatus'),
  listBolos: useCaseToken('listBolos'),
  readBolo: useCaseToken('readBolo'),
  createBolo: useCaseToken('createBolo'),
  setBoloStatus: useCaseToken('setBoloStatus'),
  reportBoloHit: useCaseToken('reportBoloHit'),
  listBoloHits: useCaseToken('listBoloHits'),
  readVehicle: useCaseToken('readVehicle'),
  searchVehicles: useCaseToken('searchVehicles'),
  searchCivilians: useCaseToken('searchCivilians'),
  searchWarrants: useCaseToken('searchWarrants'),
  openCall: useCaseToken('openCall'),
  readCall: useCaseToken('readCall'),
  assignUnit: useCaseToken('assignUnit'),
  movePin: useCaseToken('movePin'),
  releaseUnit: useCaseToken('releaseUnit'),
  closeCall: useCaseToken('closeCall'),
  linkIdentity: useCaseToken('linkIdentity'),
  syncDuty: useCaseToken('syncDuty'),
  lookupVehicle: useCaseToken('lookupVehicle'),
  lookupPerson: useCaseToken('lookupPerson'),
  checkWarrants: useCaseToken('checkWarrants'),
  issueBolo: useCaseToken('issueBolo'),
  checkBolos: useCaseToken('checkBolos'),
  resolveBolo: useCaseToken('resolveBolo'),
  issueCitation: useCaseToken('issueCitation'),
  logArrest: useCaseToken('logArrest'),
  syncCivilian: useCaseToken('syncCivilian'),
  claimCivilian: useCaseToken('claimCivilian'),
  triggerPanic: useCaseToken('triggerPanic'),
  reportEmergency: useCaseToken('reportEmergency'),
  selfAssign: useCaseToken('selfAssign'),
  unassignSelf: useCaseToken('unassignSelf'),
  addNarrative: useCaseToken('addNarrative'),
  reportLocation: useCaseToken('reportLocation'),
  readWaypoint: useCaseToken('readWaypoint'),
  issueMdtHandoff: useCaseToken('issueMdtHandoff'),
  redeemMdtHandoff: useCaseToken('redeemMdtHandoff'),
  renewPresence: useCaseToken('renewPresence'),
  checkRelease: useCaseToken('checkRelease'),
  readPresence: useCaseToken('readPresence'),
};
