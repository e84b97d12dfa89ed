import { OpenCall } from '../application/dispatch/open-call.ts';
import { ReadCall } from '../application/dispatch/read-call.ts';
import { AssignUnit } from '../application/dispatch/assign-unit.ts';
import { MovePin } from '../application/dispatch/move-pin.ts';
import { ReleaseUnit } from '../application/dispatch/release-unit.ts';
import { CloseCall } from '../application/dispatch/close-call.ts';
import { LinkIdentity } from '../application/bridge/link-identity.ts';
import { SyncDuty } from '../application/bridge/sync-duty.ts';
import { LookupVehicle } from '../application/bridge/lookup-vehicle.ts';
import { LookupPerson } from '../application/bridge/lookup-person.ts';
import { CheckWarrants } from '../application/bridge/check-warrants.ts';
import { IssueBolo } from '../application/bridge/issue-bolo.ts';
import { CheckBolos } from '../application/bridge/check-bolos.ts';
import { ResolveBolo } from '../application/bridge/resolve-bolo.ts';
import { IssueCitation } from '../application/bridge/issue-citation.ts';
import { LogArrest } from '../application/bridge/log-arrest.ts';
import { SyncCivilian } from '../application/bridge/sync-civilian.ts';
import { ClaimCivilian } from '../application/bridge/claim-civilian.ts';
import { TriggerPanic } from '../application/bridge/trigger-panic.ts';
import { ReportEmergency } from '../application/bridge/report-emergency.ts';
import { SelfAssign } from '../application/bridge/self-assign.ts';
import { UnassignSelf } from '../application/bridge/unassign-self.ts';
import { AddNarrative } from '../application/bridge/add-narrative.ts';
import { ReportLocation } from '../application/bridge/report-location.ts';
import { ReadWaypoint } from '../application/bridge/read-waypoint.ts';
import { IssueMdtHandoff } from '../application/bridge/issue-mdt-handoff.ts';
import { RedeemMdtHandoff } from '../application/auth/redeem-mdt-handoff.ts';
import { RenewPresence } from '../application/bridge/renew-presence.ts';
import { CheckRelease } from '../application/bridge/check-release.ts';
import { ReadPresence } from '../application/operator/read-presence.ts';
import type { Container, ServiceIdentifier } from 'inversify';
import { ListUnits } from '../application/api/list-units.ts';
import { ReadUnit, SetUnitStatus } from '../application/api/units.ts';
import { ListCalls, ReadCallForApi, SetCallStatus } from '../application/api/calls.ts';
import { ListBolos, ReadBolo, CreateBolo, SetBoloStatus, ReportBoloHit, ListBoloHits } from '../application/api/bolos.ts';
import { ReadVehicle, SearchVehicles, SearchCivilians, SearchWarrants } from '../application/api/records.ts';
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
  /** New players one game credential may create through `/duty` per hour. */
  readonly autoProvisionPerHour: number;
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
    (vehicles, gate, ids, writes) => new SyncVehicle(vehicles, gate, ids, writes),
    [T.VehicleRepository, T.BridgeGate, T.IdGenerator, T.AuditedWrites],
  );
  c.bind(U.listUnits).toResolvedValue((units) => new ListUnits(units), [T.UnitRepository]);
  c.bind(U.readUnit).toResolvedValue((units) => new ReadUnit(units), [T.UnitRepository]);
  c.bind(U.setUnitStatus).toResolvedValue((units, writes) => new SetUnitStatus(units, writes), [T.UnitRepository, T.AuditedWrites]);
  c.bind(U.listCalls).toResolvedValue((calls) => new ListCalls(calls), [T.CallRepository]);
  c.bind(U.readCallForApi).toResolvedValue((calls, units) => new ReadCallForApi(calls, units), [T.CallRepository, T.UnitRepository]);
  c.bind(U.setCallStatus).toResolvedValue((calls, writes) => new SetCallStatus(calls, writes), [T.CallRepository, T.AuditedWrites]);
  c.bind(U.listBolos).toResolvedValue((bolos, clock) => new ListBolos(bolos, clock), [T.BoloRepository, T.Clock]);
  c.bind(U.readBolo).toResolvedValue((bolos, clock) => new ReadBolo(bolos, clock), [T.BoloRepository, T.Clock]);
  c.bind(U.createBolo).toResolvedValue(
    (bolos, departments, civilians, vehicles, numbers, ids, writes) =>
      new CreateBolo(bolos, departments, civilians, vehicles, numbers, ids, writes),
    [T.BoloRepository, T.DepartmentRepository, T.CivilianRepository, T.VehicleRepository, T.RecordNumbers, T.IdGenerator, T.AuditedWrites],
  );
  c.bind(U.setBoloStatus).toResolvedValue((bolos, writes) => new SetBoloStatus(bolos, writes), [T.BoloRepository, T.AuditedWrites]);
  c.bind(U.reportBoloHit).toResolvedValue(
    (bolos, vehicles, ids, writes) => new ReportBoloHit(bolos, vehicles, ids, writes),
    [T.BoloRepository, T.VehicleRepository, T.IdGenerator, T.AuditedWrites],
  );
  c.bind(U.listBoloHits).toResolvedValue((bolos) => new ListBoloHits(bolos), [T.BoloRepository]);
  c.bind(U.readVehicle).toResolvedValue((vehicles) => new ReadVehicle(vehicles), [T.VehicleRepository]);
  c.bind(U.searchVehicles).toResolvedValue(
    (vehicles, cursors) => new SearchVehicles(vehicles, cursors),
    [T.VehicleRepository, T.CursorCodec],
  );
  c.bind(U.searchCivilians).toResolvedValue(
    (civilians, cursors) => new SearchCivilians(civilians, cursors),
    [T.CivilianRepository, T.CursorCodec],
  );
  c.bind(U.searchWarrants).toResolvedValue(
    (warrants, cursors) => new SearchWarrants(warrants, cursors),
    [T.WarrantRepository, T.CursorCodec],
  );
  c.bind(U.linkIdentity).toResolvedValue(
    (codes, characters, links, hasher, writes) => new LinkIdentity(codes, characters, links, hasher, writes),
    [T.LinkCodeRepository, T.CharacterRepository, T.IdentifierLinkRepository, T.SecretHasher, T.AuditedWrites],
  );
  c.bind(U.syncDuty).toResolvedValue(
    (gate, organisations, departments, characters, links, memberships, units, ledger, numbers, ids, writes) =>
      new SyncDuty(gate, organisations, departments, characters, links, memberships, units, ledger, numbers, ids, writes, {
        autoProvisionPerHour: settings.autoProvisionPerHour,
      }),
    [
      T.BridgeGate,
      T.OrganisationRepository,
      T.DepartmentRepository,
      T.CharacterRepository,
      T.IdentifierLinkRepository,
      T.MembershipRepository,
      T.UnitRepository,
      T.ProvisioningLedger,
      T.RecordNumbers,
      T.IdGenerator,
      T.AuditedWrites,
    ],
  );
  c.bind(U.lookupVehicle).toResolvedValue(
    (gate, vehicles, civilians) => new LookupVehicle(gate, vehicles, civilians),
    [T.BridgeGate, T.VehicleRepository, T.CivilianRepository],
  );
  c.bind(U.lookupPerson).toResolvedValue((gate, civilians) => new LookupPerson(gate, civilians), [T.BridgeGate, T.CivilianRepository]);
  c.bind(U.checkWarrants).toResolvedValue(
    (gate, civilians, warrants) => new CheckWarrants(gate, civilians, warrants),
    [T.BridgeGate, T.CivilianRepository, T.WarrantRepository],
  );
  c.bind(U.issueBolo).toResolvedValue(
    (gate, bolos, civilians, vehicles, numbers, ids, writes) => new IssueBolo(gate, bolos, civilians, vehicles, numbers, ids, writes),
    [T.BridgeGate, T.BoloRepository, T.CivilianRepository, T.VehicleRepository, T.RecordNumbers, T.IdGenerator, T.AuditedWrites],
  );
  c.bind(U.checkBolos).toResolvedValue(
    (gate, bolos, vehicles, civilians, clock) => new CheckBolos(gate, bolos, vehicles, civilians, clock),
    [T.BridgeGate, T.BoloRepository, T.VehicleRepository, T.CivilianRepository, T.Clock],
  );
  c.bind(U.resolveBolo).toResolvedValue(
    (gate, bolos, writes) => new ResolveBolo(gate, bolos, writes),
    [T.BridgeGate, T.BoloRepository, T.AuditedWrites],
  );
  c.bind(U.issueCitation).toResolvedValue(
    (gate, citations, civilians, numbers, ids, writes) => new IssueCitation(gate, citations, civilians, numbers, ids, writes),
    [T.BridgeGate, T.CitationRepository, T.CivilianRepository, T.RecordNumbers, T.IdGenerator, T.AuditedWrites],
  );
  c.bind(U.logArrest).toResolvedValue(
    (gate, arrests, civilians, numbers, ids, writes) => new LogArrest(gate, arrests, civilians, numbers, ids, writes),
    [T.BridgeGate, T.ArrestRepository, T.CivilianRepository, T.RecordNumbers, T.IdGenerator, T.AuditedWrites],
  );
  c.bind(U.syncCivilian).toResolvedValue(
    (civilians, gate, ids, writes) => new SyncCivilian(civilians, gate, ids, writes),
    [T.CivilianRepository, T.BridgeGate, T.IdGenerator, T.AuditedWrites],
  );
  c.bind(U.claimCivilian).toResolvedValue(
    (gate, civilians, ids, writes) => new ClaimCivilian(gate, civilians, ids, writes),
    [T.BridgeGate, T.CivilianRepository, T.IdGenerator, T.AuditedWrites],
  );
  c.bind(U.triggerPanic).toResolvedValue(
    (gate, calls, numbers, ids, writes) => new TriggerPanic(gate, calls, numbers, ids, writes),
    [T.BridgeGate, T.CallRepository, T.RecordNumbers, T.IdGenerator, T.AuditedWrites],
  );
  c.bind(U.reportEmergency).toResolvedValue(
    (gate, organisations, departments, calls, numbers, ids, writes) =>
      new ReportEmergency(gate, organisations, departments, calls, numbers, ids, writes),
    [T.BridgeGate, T.OrganisationRepository, T.DepartmentRepository, T.CallRepository, T.RecordNumbers, T.IdGenerator, T.AuditedWrites],
  );
  c.bind(U.selfAssign).toResolvedValue(
    (gate, calls, units, writes) => new SelfAssign(gate, calls, units, writes),
    [T.BridgeGate, T.CallRepository, T.UnitRepository, T.AuditedWrites],
  );
  c.bind(U.unassignSelf).toResolvedValue(
    (gate, calls, units, writes) => new UnassignSelf(gate, calls, units, writes),
    [T.BridgeGate, T.CallRepository, T.UnitRepository, T.AuditedWrites],
  );
  c.bind(U.addNarrative).toResolvedValue(
    (gate, calls, ids, writes) => new AddNarrative(gate, calls, ids, writes),
    [T.BridgeGate, T.CallRepository, T.IdGenerator, T.AuditedWrites],
  );
  c.bind(U.reportLocation).toResolvedValue(
    (gate, organisations, units, writes) => new ReportLocation(gate, organisations, units, writes),
    [T.BridgeGate, T.OrganisationRepository, T.UnitRepository, T.AuditedWrites],
  );
  c.bind(U.readWaypoint).toResolvedValue((gate) => new ReadWaypoint(gate), [T.BridgeGate]);
  c.bind(U.issueMdtHandoff).toResolvedValue(
    (gate, departments, handoffs, hasher, secrets, writes) => new IssueMdtHandoff(gate, departments, handoffs, hasher, secrets, writes),
    [T.BridgeGate, T.DepartmentRepository, T.MdtHandoffRepository, T.SecretHasher, T.SecretGenerator, T.AuditedWrites],
  );
  c.bind(U.redeemMdtHandoff).toResolvedValue(
    (handoffs, characters, hasher, sessions, writes) => new RedeemMdtHandoff(handoffs, characters, hasher, sessions, writes),
    [T.MdtHandoffRepository, T.CharacterRepository, T.SecretHasher, T.MdtSessionIssuer, T.AuditedWrites],
  );
  c.bind(U.renewPresence).toResolvedValue(
    (organisations, links, presence, clock, uow) => new RenewPresence(organisations, links, presence, clock, uow),
    [T.OrganisationRepository, T.IdentifierLinkRepository, T.PresenceRepository, T.Clock, T.UnitOfWork],
  );
  c.bind(U.checkRelease).toResolvedValue(
    (releases, versions) => new CheckRelease(releases, versions),
    [T.ReleaseRepository, T.VersionOrder],
  );
  c.bind(U.readPresence).toResolvedValue(
    (organisations, presence, clock) => new ReadPresence(organisations, presence, clock),
    [T.OrganisationRepository, T.PresenceRepository, T.Clock],
  );
  c.bind(U.openCall).toResolvedValue(
    (departments, calls, numbers, ids, writes) => new OpenCall(departments, calls, numbers, ids, writes),
    [T.DepartmentRepository, T.CallRepository, T.RecordNumbers, T.IdGenerator, T.AuditedWrites],
  );
  c.bind(U.readCall).toResolvedValue((calls, units) => new ReadCall(calls, units), [T.CallRepository, T.UnitRepository]);
  c.bind(U.assignUnit).toResolvedValue(
    (calls, units, writes) => new AssignUnit(calls, units, writes),
    [T.CallRepository, T.UnitRepository, T.AuditedWrites],
  );
  c.bind(U.movePin).toResolvedValue(
    (calls, units, writes) => new MovePin(calls, units, writes),
    [T.CallRepository, T.UnitRepository, T.AuditedWrites],
  );
  c.bind(U.releaseUnit).toResolvedValue(
    (calls, units, writes) => new ReleaseUnit(calls, units, writes),
    [T.CallRepository, T.UnitRepository, T.AuditedWrites],
  );
  c.bind(U.closeCall).toResolvedValue(
    (calls, units, writes) => new CloseCall(calls, units, writes),
    [T.CallRepository, T.UnitRepository, T.AuditedWrites],
  );
}

/** Resolves the whole catalogue once; driving adapters receive this, never the container. */
export function resolveUseCases(c: Container): UseCases {
  const entries = Object.entries(U).map(([name, id]) => [name, c.get(id as ServiceIdentifier<unknown>)]);
  return Object.fromEntries(entries) as unknown as UseCases;
}
