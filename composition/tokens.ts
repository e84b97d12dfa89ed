import type { ServiceIdentifier } from 'inversify';
import type { AuditedWrites } from '../application/audit/audited-writes.ts';
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
};
