import type { Container, ServiceIdentifier } from 'inversify';
import { ListUnits } from '../application/api/list-units.ts';
import { AuthenticateOperator } from '../application/auth/authenticate-operator.ts';
import { EnsureBootstrapKey } from '../application/auth/ensure-bootstrap-key.ts';
import { ExchangeToken } from '../application/auth/exchange-token.ts';
import { SyncVehicle } from '../application/bridge/sync-vehicle.ts';
import { AddDepartmentMember } from '../application/operator/add-department-member.ts';
import { CreateCharacter } from '../application/operator/create-character.ts';
import { CreateCivilian } from '../application/operator/create-civilian.ts';
import { CreateCredential } from '../application/operator/create-credential.ts';
import { CreateDepartment } from '../application/operator/create-department.ts';
import { CreateOperatorKey } from '../application/operator/create-operator-key.ts';
import { CreateOrganisation } from '../application/operator/create-organisation.ts';
import { IssueLinkCode } from '../application/operator/issue-link-code.ts';
import { IssueWarrant } from '../application/operator/issue-warrant.ts';
import { ListCredentials } from '../application/operator/list-credentials.ts';
import { ListOperatorKeys } from '../application/operator/list-operator-keys.ts';
import { PublishRelease } from '../application/operator/publish-release.ts';
import { ReadAuditLog } from '../application/operator/read-audit-log.ts';
import { RegisterVehicle } from '../application/operator/register-vehicle.ts';
import { RevokeCredential } from '../application/operator/revoke-credential.ts';
import { RevokeOperatorKey } from '../application/operator/revoke-operator-key.ts';
import { RotateCredentialSecret } from '../application/operator/rotate-credential-secret.ts';
import { UpdateDepartment } from '../application/operator/update-department.ts';
import { UpdateOrganisation } from '../application/operator/update-organisation.ts';
import { UpdateUnit } from '../application/operator/update-unit.ts';
import type { UseCases } from '../application/use-cases.ts';
import { TOKENS as T, USE_CASE_TOKENS as U } from './tokens.ts';

export interface UseCaseSettings {
  /** No token-exchange answer comes sooner than this, whichever path it took. */
  readonly tokenExchangeFloorMs: number;
}

/** Binds each use case to exactly the ports it uses; the dependency lists are type-checked. */
export function bindUseCases(c: Container, settings: UseCaseSettings): void {
  c.bind(U.exchangeToken).toResolvedValue(
    (credentials, hasher, tokens, clock, pacer) =>
      new ExchangeToken(credentials, hasher, tokens, clock, pacer, settings.tokenExchangeFloorMs),
    [T.CredentialRepository, T.SecretHasher, T.AccessTokens, T.Clock, T.ResponsePacer],
  );
  c.bind(U.authenticateOperator).toResolvedValue(
    (keys, hasher) => new AuthenticateOperator(keys, hasher),
    [T.OperatorKeyRepository, T.SecretHasher],
  );
  c.bind(U.ensureBootstrapKey).toResolvedValue(
    (keys, hasher, secrets, ids, writes) => new EnsureBootstrapKey(keys, hasher, secrets, ids, writes),
    [T.OperatorKeyRepository, T.SecretHasher, T.SecretGenerator, T.IdGenerator, T.AuditedWrites],
  );
  c.bind(U.createOrganisation).toResolvedValue(
    (organisations, ids, writes) => new CreateOrganisation(organisations, ids, writes),
    [T.OrganisationRepository, T.IdGenerator, T.AuditedWrites],
  );
  c.bind(U.updateOrganisation).toResolvedValue(
    (organisations, departments, writes) => new UpdateOrganisation(organisations, departments, writes),
    [T.OrganisationRepository, T.DepartmentRepository, T.AuditedWrites],
  );
  c.bind(U.createOperatorKey).toResolvedValue(
    (organisations, keys, hasher, secrets, ids, writes) => new CreateOperatorKey(organisations, keys, hasher, secrets, ids, writes),
    [T.OrganisationRepository, T.OperatorKeyRepository, T.SecretHasher, T.SecretGenerator, T.IdGenerator, T.AuditedWrites],
  );
  c.bind(U.listOperatorKeys).toResolvedValue(
    (organisations, keys) => new ListOperatorKeys(organisations, keys),
    [T.OrganisationRepository, T.OperatorKeyRepository],
  );
  c.bind(U.revokeOperatorKey).toResolvedValue(
    (keys, writes) => new RevokeOperatorKey(keys, writes),
    [T.OperatorKeyRepository, T.AuditedWrites],
  );
  c.bind(U.createDepartment).toResolvedValue(
    (organisations, departments, ids, writes) => new CreateDepartment(organisations, departments, ids, writes),
    [T.OrganisationRepository, T.DepartmentRepository, T.IdGenerator, T.AuditedWrites],
  );
  c.bind(U.updateDepartment).toResolvedValue(
    (departments, writes) => new UpdateDepartment(departments, writes),
    [T.DepartmentRepository, T.AuditedWrites],
  );
  c.bind(U.createCharacter).toResolvedValue(
    (organisations, characters, ids, writes) => new CreateCharacter(organisations, characters, ids, writes),
    [T.OrganisationRepository, T.CharacterRepository, T.IdGenerator, T.AuditedWrites],
  );
  c.bind(U.issueLinkCode).toResolvedValue(
    (characters, codes, hasher, secrets, writes) => new IssueLinkCode(characters, codes, hasher, secrets, writes),
    [T.CharacterRepository, T.LinkCodeRepository, T.SecretHasher, T.SecretGenerator, T.AuditedWrites],
  );
  c.bind(U.addDepartmentMember).toResolvedValue(
    (departments, characters, memberships, units, ids, writes) =>
      new AddDepartmentMember(departments, characters, memberships, units, ids, writes),
    [T.DepartmentRepository, T.CharacterRepository, T.MembershipRepository, T.UnitRepository, T.IdGenerator, T.AuditedWrites],
  );
  c.bind(U.updateUnit).toResolvedValue((units, writes) => new UpdateUnit(units, writes), [T.UnitRepository, T.AuditedWrites]);
  c.bind(U.createCredential).toResolvedValue(
    (organisations, departments, credentials, hasher, secrets, ids, writes) =>
      new CreateCredential(organisations, departments, credentials, hasher, secrets, ids, writes),
    [
      T.OrganisationRepository,
      T.DepartmentRepository,
      T.CredentialRepository,
      T.SecretHasher,
      T.SecretGenerator,
      T.IdGenerator,
      T.AuditedWrites,
    ],
  );
  c.bind(U.listCredentials).toResolvedValue(
    (organisations, credentials) => new ListCredentials(organisations, credentials),
    [T.OrganisationRepository, T.CredentialRepository],
  );
  c.bind(U.rotateCredentialSecret).toResolvedValue(
    (credentials, hasher, secrets, writes) => new RotateCredentialSecret(credentials, hasher, secrets, writes),
    [T.CredentialRepository, T.SecretHasher, T.SecretGenerator, T.AuditedWrites],
  );
  c.bind(U.revokeCredential).toResolvedValue(
    (credentials, writes) => new RevokeCredential(credentials, writes),
    [T.CredentialRepository, T.AuditedWrites],
  );
  c.bind(U.createCivilian).toResolvedValue(
    (organisations, civilians, ids, writes) => new CreateCivilian(organisations, civilians, ids, writes),
    [T.OrganisationRepository, T.CivilianRepository, T.IdGenerator, T.AuditedWrites],
  );
  c.bind(U.registerVehicle).toResolvedValue(
    (organisations, civilians, vehicles, ids, writes) => new RegisterVehicle(organisations, civilians, vehicles, ids, writes),
    [T.OrganisationRepository, T.CivilianRepository, T.VehicleRepository, T.IdGenerator, T.AuditedWrites],
  );
  c.bind(U.issueWarrant).toResolvedValue(
    (organisations, civilians, warrants, ids, writes) => new IssueWarrant(organisations, civilians, warrants, ids, writes),
    [T.OrganisationRepository, T.CivilianRepository, T.WarrantRepository, T.IdGenerator, T.AuditedWrites],
  );
  c.bind(U.publishRelease).toResolvedValue(
    (releases, ids, writes) => new PublishRelease(releases, ids, writes),
    [T.ReleaseRepository, T.IdGenerator, T.AuditedWrites],
  );
  c.bind(U.readAuditLog).toResolvedValue(
    (organisations, log) => new ReadAuditLog(organisations, log),
    [T.OrganisationRepository, T.AuditLog],
  );
  c.bind(U.syncVehicle).toResolvedValue(
    (vehicles, links, ids, writes) => new SyncVehicle(vehicles, links, ids, writes),
    [T.VehicleRepository, T.IdentifierLinkRepository, T.IdGenerator, T.AuditedWrites],
  );
  c.bind(U.listUnits).toResolvedValue((units) => new ListUnits(units), [T.UnitRepository]);
}

/** Resolves the whole catalogue once; driving adapters receive this, never the container. */
export function resolveUseCases(c: Container): UseCases {
  const entries = Object.entries(U).map(([name, id]) => [name, c.get(id as ServiceIdentifier<unknown>)]);
  return Object.fromEntries(entries) as unknown as UseCases;
}
