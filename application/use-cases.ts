import type { PortName, Ports } from './ports/port-catalogue.ts';
import { CreateBolo } from './api/create-bolo.ts';
import { ListBoloHits } from './api/list-bolo-hits.ts';
import { ListBolos } from './api/list-bolos.ts';
import { ListCalls } from './api/list-calls.ts';
import { ListUnits } from './api/list-units.ts';
import { ReadBolo } from './api/read-bolo.ts';
import { ReadCallForApi } from './api/read-call-for-api.ts';
import { ReadUnit } from './api/read-unit.ts';
import { ReadVehicle } from './api/read-vehicle.ts';
import { ReportBoloHit } from './api/report-bolo-hit.ts';
import { SearchCivilians } from './api/search-civilians.ts';
import { SearchVehicles } from './api/search-vehicles.ts';
import { SearchWarrants } from './api/search-warrants.ts';
import { SetBoloStatus } from './api/set-bolo-status.ts';
import { SetCallStatus } from './api/set-call-status.ts';
import { SetUnitStatus } from './api/set-unit-status.ts';
import { AuthenticateOperator } from './auth/authenticate-operator.ts';
import { EnsureBootstrapKey } from './auth/ensure-bootstrap-key.ts';
import { ExchangeToken } from './auth/exchange-token.ts';
import { CollectMdtSession, RedeemMdtHandoff } from './auth/redeem-mdt-handoff.ts';
import { StartMdtPairing } from './auth/start-mdt-pairing.ts';
import { AddNarrative } from './bridge/add-narrative.ts';
import { CheckBolos } from './bridge/check-bolos.ts';
import { CheckRelease } from './bridge/check-release.ts';
import { CheckWarrants } from './bridge/check-warrants.ts';
import { ClaimCivilian } from './bridge/claim-civilian.ts';
import { IssueBolo } from './bridge/issue-bolo.ts';
import { IssueCitation } from './bridge/issue-citation.ts';
import { ConfirmMdtHandoff } from './bridge/confirm-mdt-handoff.ts';
import { IssueMdtHandoff } from './bridge/issue-mdt-handoff.ts';
import { LinkIdentity } from './bridge/link-identity.ts';
import { LogArrest } from './bridge/log-arrest.ts';
import { LookupPerson } from './bridge/lookup-person.ts';
import { LookupVehicle } from './bridge/lookup-vehicle.ts';
import { ReadWaypoint } from './bridge/read-waypoint.ts';
import { RenewPresence } from './bridge/renew-presence.ts';
import { ReportEmergency } from './bridge/report-emergency.ts';
import { ReportLocation } from './bridge/report-location.ts';
import { ResolveBolo } from './bridge/resolve-bolo.ts';
import { SelfAssign } from './bridge/self-assign.ts';
import { SyncCivilian } from './bridge/sync-civilian.ts';
import { SyncDuty } from './bridge/sync-duty.ts';
import { SyncVehicle } from './bridge/sync-vehicle.ts';
import { TriggerPanic } from './bridge/trigger-panic.ts';
import { UnassignSelf } from './bridge/unassign-self.ts';
import { AssignUnit } from './dispatch/assign-unit.ts';
import { AddCallNote } from './dispatch/add-call-note.ts';
import { ListOpenCalls } from './dispatch/list-open-calls.ts';
import { SetUnitStatusByDispatch } from './dispatch/set-unit-status-by-dispatch.ts';
import { LookUpPersonForDispatch } from './dispatch/look-up-person.ts';
import { LookUpPlateForDispatch } from './dispatch/look-up-plate.ts';
import { ReadDispatchBoard } from './dispatch/read-board.ts';
import { CloseCall } from './dispatch/close-call.ts';
import { MovePin } from './dispatch/move-pin.ts';
import { OpenCall } from './dispatch/open-call.ts';
import { ReadCall } from './dispatch/read-call.ts';
import { ReleaseUnit } from './dispatch/release-unit.ts';
import { AuthenticateMdtSession } from './mdt/authenticate-mdt-session.ts';
import { ListMdtBolos } from './mdt/list-mdt-bolos.ts';
import { ListMdtCalls } from './mdt/list-mdt-calls.ts';
import { ReadMdtAssignment } from './mdt/read-mdt-assignment.ts';
import { ReadMdtSelf } from './mdt/read-mdt-self.ts';
import { SignOutMdt } from './mdt/sign-out-mdt.ts';
import { RunOnce } from './idempotency/run-once.ts';
import { AddDepartmentMember } from './operator/add-department-member.ts';
import { CreateCharacter } from './operator/create-character.ts';
import { CreateCivilian } from './operator/create-civilian.ts';
import { CreateCredential } from './operator/create-credential.ts';
import { CreateDepartment } from './operator/create-department.ts';
import { CreateOperatorKey } from './operator/create-operator-key.ts';
import { CreateOrganisation } from './operator/create-organisation.ts';
import { DescribeOperatorKey } from './operator/describe-operator-key.ts';
import { EndMembership } from './operator/end-membership.ts';
import { IssueLinkCode } from './operator/issue-link-code.ts';
import { IssueWarrant } from './operator/issue-warrant.ts';
import { ListCharacters } from './operator/list-characters.ts';
import { ListCivilianRecords } from './operator/list-civilian-records.ts';
import { ListVehicleRecords, ListWarrantRecords } from './operator/list-records.ts';
import { ApproveCharacter, MoveCharacter } from './operator/character-owners.ts';
import { ListCredentials } from './operator/list-credentials.ts';
import { ListDepartments } from './operator/list-departments.ts';
import { ListMembers } from './operator/list-members.ts';
import { ListOperatorKeys } from './operator/list-operator-keys.ts';
import { ListOrganisations } from './operator/list-organisations.ts';
import { ListRosterUnits } from './operator/list-roster-units.ts';
import { PublishRelease } from './operator/publish-release.ts';
import { ReadAuditLog } from './operator/read-audit-log.ts';
import { ReadOrganisation } from './operator/read-organisation.ts';
import { ReadPresence } from './operator/read-presence.ts';
import { RegisterVehicle } from './operator/register-vehicle.ts';
import { UpdateCivilian, UpdateVehicle, UpdateWarrant } from './operator/update-records.ts';
import { RevokeCredential } from './operator/revoke-credential.ts';
import { RevokeOperatorKey } from './operator/revoke-operator-key.ts';
import { RotateCredentialSecret } from './operator/rotate-credential-secret.ts';
import { UpdateDepartment } from './operator/update-department.ts';
import { UpdateOrganisation } from './operator/update-organisation.ts';
import { UpdateUnit } from './operator/update-unit.ts';
import { AuthenticatePerson } from './people/authenticate-person.ts';
import { CreateInvitation, ReadInvitation } from './people/invitations.ts';
import { ChangePersonRole, ListPeople } from './people/organisation-people.ts';
import {
  ListMyPasskeys,
  RegisterPasskey,
  RemovePasskey,
  SignInWithPasskey,
  StartPasskeyRegistration,
  StartPasskeySignIn,
} from './people/passkeys.ts';
import { ReadMyAccount } from './people/read-my-account.ts';
import { SignInWithPassword } from './people/sign-in-with-password.ts';
import { SignOut } from './people/sign-out.ts';
import { SignInSecondStep, StartAuthenticator, TurnOffAuthenticator, TurnOnAuthenticator } from './people/two-step-sign-in.ts';
import { SignUp } from './people/sign-up.ts';
import { AcceptInvitation, ReadJoinRule } from './people/joining.ts';
import { FinishExternalSignIn, ListExternalProviders, ListMyExternalIdentities, StartExternalSignIn } from './people/external-sign-in.ts';
import { ChangeRolePermissions, ListRoles } from './people/organisation-roles.ts';
import { CreateMyCharacter, RenameMyCharacter, RetireMyCharacter, UnlinkMyIdentifier } from './players/my-characters.ts';
import { ConfirmPendingLink, IssueMyLinkCode } from './players/my-link-codes.ts';
import { ReadMyVehicles, RegisterMyVehicle, ReportMyVehicleStolen, TransferMyVehicle } from './players/my-vehicles.ts';
import { ReadMyCharacters } from './players/read-my-characters.ts';
import { LinkByTrustedIdentity, ReadTrustedLinks } from './players/trusted-identity-link.ts';
import { StartPendingLink } from './bridge/start-pending-link.ts';

/** One use case: the ports it needs, by name, and how to make it from exactly those. */
export interface UseCaseRow<UseCase> {
  readonly needs: readonly PortName[];
  readonly make: (ports: Ports) => UseCase;
}

/**
 * A use case made from the named ports: its constructor takes exactly `Pick<Ports, ...>` of
 * them. The compiler refuses a row that names a port the use case does not take, or leaves
 * out one it does.
 */
function construct<Taken extends PortName = never, UseCase = unknown, const Needs extends readonly Taken[] = []>(
  UseCaseClass: new (ports: Pick<Ports, Taken>) => UseCase,
  ...needs: Needs & ([Exclude<Taken, Needs[number]>] extends [never] ? unknown : ['missing', Exclude<Taken, Needs[number]>])
): UseCaseRow<UseCase> {
  return { needs, make: (ports) => new UseCaseClass(ports) };
}

/**
 * The registry: every use case the application offers, once. The `UseCases` type, the container
 * bindings and the service identifiers are all derived from it, and each use case receives
 * exactly the ports its row names (no service locator).
 */
export const USE_CASE_REGISTRY = {
  exchangeToken: construct(ExchangeToken, 'credentials', 'hasher', 'accessTokens', 'clock', 'pacer', 'settings'),
  authenticateOperator: construct(AuthenticateOperator, 'operatorKeys', 'hasher'),
  authenticatePerson: construct(
    AuthenticatePerson,
    'browserSessions',
    'people',
    'personMemberships',
    'organisations',
    'hasher',
    'settings',
    'clock',
    'uow',
  ),
  readJoinRule: construct(ReadJoinRule, 'organisations'),
  acceptInvitation: construct(
    AcceptInvitation,
    'invitations',
    'organisations',
    'personMemberships',
    'browserSessions',
    'hasher',
    'secrets',
    'settings',
    'writes',
  ),
  listExternalProviders: construct(ListExternalProviders, 'externalIdentities'),
  startExternalSignIn: construct(StartExternalSignIn, 'externalIdentities', 'sealer', 'clock'),
  finishExternalSignIn: construct(
    FinishExternalSignIn,
    'externalIdentities',
    'sealer',
    'clock',
    'invitations',
    'organisations',
    'people',
    'signInMethods',
    'personMemberships',
    'browserSessions',
    'hasher',
    'secrets',
    'ids',
    'settings',
    'writes',
    'uow',
  ),
  listMyExternalIdentities: construct(ListMyExternalIdentities, 'signInMethods', 'externalIdentities'),
  listRoles: construct(ListRoles, 'organisations'),
  changeRolePermissions: construct(ChangeRolePermissions, 'organisations', 'writes'),
  signUp: construct(
    SignUp,
    'invitations',
    'organisations',
    'people',
    'signInMethods',
    'personMemberships',
    'browserSessions',
    'hasher',
    'secrets',
    'ids',
    'passwords',
    'commonPasswords',
    'settings',
    'writes',
  ),
  signInWithPassword: construct(
    SignInWithPassword,
    'signInMethods',
    'people',
    'browserSessions',
    'passwords',
    'attempts',
    'hasher',
    'secrets',
    'settings',
    'pacer',
    'uow',
    'clock',
    'sealer',
    'otp',
  ),
  signInSecondStep: construct(
    SignInSecondStep,
    'signInMethods',
    'sealer',
    'otp',
    'hasher',
    'people',
    'browserSessions',
    'secrets',
    'attempts',
    'settings',
    'pacer',
    'clock',
    'uow',
  ),
  startAuthenticator: construct(StartAuthenticator, 'signInMethods', 'sealer', 'otp', 'people', 'clock', 'uow'),
  turnOnAuthenticator: construct(TurnOnAuthenticator, 'signInMethods', 'sealer', 'otp', 'hasher', 'secrets', 'clock', 'uow'),
  turnOffAuthenticator: construct(TurnOffAuthenticator, 'signInMethods', 'sealer', 'otp', 'hasher', 'clock', 'uow'),
  startPasskeyRegistration: construct(StartPasskeyRegistration, 'passkeys', 'signInMethods', 'people', 'sealer', 'clock'),
  registerPasskey: construct(RegisterPasskey, 'passkeys', 'signInMethods', 'sealer', 'attempts', 'hasher', 'clock', 'uow'),
  listMyPasskeys: construct(ListMyPasskeys, 'signInMethods'),
  removePasskey: construct(RemovePasskey, 'signInMethods', 'uow'),
  startPasskeySignIn: construct(StartPasskeySignIn, 'passkeys', 'sealer', 'clock'),
  signInWithPasskey: construct(
    SignInWithPasskey,
    'passkeys',
    'signInMethods',
    'people',
    'browserSessions',
    'sealer',
    'attempts',
    'hasher',
    'secrets',
    'settings',
    'clock',
    'uow',
  ),
  signOut: construct(SignOut, 'browserSessions', 'clock', 'uow', 'access'),
  readMyAccount: construct(
    ReadMyAccount,
    'people',
    'personMemberships',
    'organisations',
    'browserSessions',
    'clock',
    'signInMethods',
    'sealer',
    'otp',
  ),
  createInvitation: construct(CreateInvitation, 'organisations', 'invitations', 'hasher', 'secrets', 'writes'),
  readInvitation: construct(ReadInvitation, 'invitations', 'organisations', 'hasher', 'clock', 'uow'),
  listPeople: construct(ListPeople, 'organisations', 'personMemberships', 'people'),
  changePersonRole: construct(ChangePersonRole, 'organisations', 'personMemberships', 'people', 'browserSessions', 'writes'),
  ensureBootstrapKey: construct(EnsureBootstrapKey, 'operatorKeys', 'hasher', 'secrets', 'ids', 'writes'),
  createOrganisation: construct(CreateOrganisation, 'organisations', 'ids', 'writes'),
  updateOrganisation: construct(UpdateOrganisation, 'organisations', 'departments', 'writes'),
  describeOperatorKey: construct(DescribeOperatorKey, 'organisations'),
  listOrganisations: construct(ListOrganisations, 'organisations', 'cursors'),
  readOrganisation: construct(ReadOrganisation, 'organisations'),
  listDepartments: construct(ListDepartments, 'organisations', 'departments', 'cursors'),
  listCivilianRecords: construct(ListCivilianRecords, 'organisations', 'civilians', 'cursors'),
  listVehicleRecords: construct(ListVehicleRecords, 'organisations', 'vehicles', 'cursors'),
  listWarrantRecords: construct(ListWarrantRecords, 'organisations', 'warrants', 'cursors'),
  listCharacters: construct(ListCharacters, 'organisations', 'characters', 'identifierLinks', 'cursors'),
  listMembers: construct(ListMembers, 'organisations', 'memberships', 'cursors'),
  listRosterUnits: construct(ListRosterUnits, 'organisations', 'units', 'cursors'),
  createOperatorKey: construct(CreateOperatorKey, 'organisations', 'operatorKeys', 'hasher', 'secrets', 'ids', 'writes'),
  listOperatorKeys: construct(ListOperatorKeys, 'organisations', 'operatorKeys'),
  revokeOperatorKey: construct(RevokeOperatorKey, 'operatorKeys', 'writes'),
  createDepartment: construct(CreateDepartment, 'organisations', 'departments', 'ids', 'writes'),
  updateDepartment: construct(UpdateDepartment, 'departments', 'writes'),
  createCharacter: construct(CreateCharacter, 'organisations', 'characters', 'ids', 'writes'),
  issueLinkCode: construct(IssueLinkCode, 'characters', 'linkCodes', 'hasher', 'secrets', 'writes'),
  addDepartmentMember: construct(AddDepartmentMember, 'departments', 'characters', 'memberships', 'units', 'ids', 'writes'),
  updateUnit: construct(UpdateUnit, 'units', 'writes'),
  endMembership: construct(EndMembership, 'memberships', 'units', 'characters', 'writes'),
  approveCharacter: construct(ApproveCharacter, 'characters', 'writes'),
  moveCharacter: construct(MoveCharacter, 'characters', 'personMemberships', 'identifierLinks', 'writes'),
  createCredential: construct(CreateCredential, 'organisations', 'departments', 'credentials', 'hasher', 'secrets', 'ids', 'writes'),
  listCredentials: construct(ListCredentials, 'organisations', 'credentials'),
  rotateCredentialSecret: construct(RotateCredentialSecret, 'credentials', 'hasher', 'secrets', 'writes'),
  revokeCredential: construct(RevokeCredential, 'credentials', 'writes'),
  createCivilian: construct(CreateCivilian, 'organisations', 'civilians', 'ids', 'writes'),
  registerVehicle: construct(RegisterVehicle, 'organisations', 'civilians', 'vehicles', 'ids', 'writes'),
  issueWarrant: construct(IssueWarrant, 'organisations', 'civilians', 'warrants', 'ids', 'writes'),
  updateCivilian: construct(UpdateCivilian, 'organisations', 'civilians', 'writes'),
  updateVehicle: construct(UpdateVehicle, 'organisations', 'civilians', 'vehicles', 'writes'),
  updateWarrant: construct(UpdateWarrant, 'organisations', 'warrants', 'writes'),
  publishRelease: construct(PublishRelease, 'releases', 'ids', 'writes'),
  readAuditLog: construct(
    ReadAuditLog,
    'organisations',
    'auditLog',
    'characters',
    'units',
    'calls',
    'credentials',
    'departments',
    'civilians',
    'vehicles',
    'warrants',
  ),
  syncVehicle: construct(SyncVehicle, 'vehicles', 'gate', 'ids', 'writes'),
  listUnits: construct(ListUnits, 'units'),
  readUnit: construct(ReadUnit, 'units'),
  setUnitStatus: construct(SetUnitStatus, 'units', 'writes'),
  listCalls: construct(ListCalls, 'calls'),
  readCallForApi: construct(ReadCallForApi, 'calls', 'units'),
  setCallStatus: construct(SetCallStatus, 'calls', 'writes'),
  listBolos: construct(ListBolos, 'bolos', 'clock'),
  readBolo: construct(ReadBolo, 'bolos', 'clock'),
  createBolo: construct(CreateBolo, 'bolos', 'departments', 'civilians', 'vehicles', 'recordNumbers', 'ids', 'writes'),
  setBoloStatus: construct(SetBoloStatus, 'bolos', 'writes'),
  reportBoloHit: construct(ReportBoloHit, 'bolos', 'vehicles', 'ids', 'writes'),
  listBoloHits: construct(ListBoloHits, 'bolos'),
  readVehicle: construct(ReadVehicle, 'vehicles'),
  searchVehicles: construct(SearchVehicles, 'vehicles', 'cursors'),
  searchCivilians: construct(SearchCivilians, 'civilians', 'cursors'),
  searchWarrants: construct(SearchWarrants, 'warrants', 'cursors'),
  linkIdentity: construct(LinkIdentity, 'linkCodes', 'characters', 'identifierLinks', 'hasher', 'writes'),
  syncDuty: construct(
    SyncDuty,
    'gate',
    'organisations',
    'departments',
    'characters',
    'identifierLinks',
    'memberships',
    'units',
    'provisioning',
    'recordNumbers',
    'ids',
    'writes',
    'settings',
  ),
  lookupVehicle: construct(LookupVehicle, 'gate', 'vehicles', 'civilians'),
  lookupPerson: construct(LookupPerson, 'gate', 'civilians'),
  checkWarrants: construct(CheckWarrants, 'gate', 'civilians', 'warrants'),
  issueBolo: construct(IssueBolo, 'gate', 'bolos', 'civilians', 'vehicles', 'recordNumbers', 'ids', 'writes'),
  checkBolos: construct(CheckBolos, 'gate', 'bolos', 'vehicles', 'civilians', 'clock'),
  resolveBolo: construct(ResolveBolo, 'gate', 'bolos', 'writes'),
  issueCitation: construct(IssueCitation, 'gate', 'citations', 'civilians', 'recordNumbers', 'ids', 'writes'),
  logArrest: construct(LogArrest, 'gate', 'arrests', 'civilians', 'recordNumbers', 'ids', 'writes'),
  syncCivilian: construct(SyncCivilian, 'civilians', 'gate', 'ids', 'writes'),
  claimCivilian: construct(ClaimCivilian, 'gate', 'civilians', 'ids', 'writes'),
  triggerPanic: construct(TriggerPanic, 'gate', 'calls', 'recordNumbers', 'ids', 'writes'),
  reportEmergency: construct(ReportEmergency, 'gate', 'departments', 'calls', 'recordNumbers', 'ids', 'writes'),
  selfAssign: construct(SelfAssign, 'gate', 'calls', 'units', 'writes'),
  unassignSelf: construct(UnassignSelf, 'gate', 'calls', 'units', 'writes'),
  addNarrative: construct(AddNarrative, 'gate', 'calls', 'ids', 'writes'),
  reportLocation: construct(ReportLocation, 'gate', 'units', 'writes', 'positions'),
  readWaypoint: construct(ReadWaypoint, 'gate'),
  issueMdtHandoff: construct(IssueMdtHandoff, 'gate', 'departments', 'mdtHandoffs', 'hasher', 'secrets', 'writes', 'attempts'),
  redeemMdtHandoff: construct(RedeemMdtHandoff, 'mdtHandoffs', 'characters', 'hasher', 'secrets', 'mdtSessions', 'writes'),
  collectMdtSession: construct(CollectMdtSession, 'mdtHandoffs', 'mdtPairings', 'characters', 'hasher', 'secrets', 'mdtSessions', 'writes'),
  startMdtPairing: construct(StartMdtPairing, 'mdtPairings', 'hasher', 'secrets', 'uow', 'clock'),
  confirmMdtHandoff: construct(
    ConfirmMdtHandoff,
    'gate',
    'departments',
    'mdtHandoffs',
    'mdtPairings',
    'hasher',
    'secrets',
    'writes',
    'attempts',
  ),
  renewPresence: construct(RenewPresence, 'organisations', 'identifierLinks', 'presence', 'positions', 'clock', 'uow'),
  checkRelease: construct(CheckRelease, 'releases', 'versions'),
  readPresence: construct(ReadPresence, 'organisations', 'presence', 'clock'),
  openCall: construct(OpenCall, 'departments', 'calls', 'recordNumbers', 'ids', 'writes'),
  readCall: construct(ReadCall, 'calls', 'units'),
  assignUnit: construct(AssignUnit, 'calls', 'units', 'writes'),
  movePin: construct(MovePin, 'calls', 'units', 'writes'),
  releaseUnit: construct(ReleaseUnit, 'calls', 'units', 'writes'),
  closeCall: construct(CloseCall, 'calls', 'units', 'writes'),
  authenticateMdtSession: construct(AuthenticateMdtSession, 'endedMdtSessions', 'credentials', 'identifierLinks', 'gate'),
  signOutMdt: construct(SignOutMdt, 'endedMdtSessions', 'writes'),
  readMdtSelf: construct(ReadMdtSelf, 'characters', 'departments'),
  readMdtAssignment: construct(ReadMdtAssignment, 'calls', 'units'),
  listMdtCalls: construct(ListMdtCalls, 'calls'),
  listMdtBolos: construct(ListMdtBolos, 'gate', 'bolos', 'clock'),
  listOpenCalls: construct(ListOpenCalls, 'organisations', 'calls', 'cursors'),
  setUnitStatusByDispatch: construct(SetUnitStatusByDispatch, 'units', 'writes'),
  addCallNote: construct(AddCallNote, 'calls', 'ids', 'writes'),
  readDispatchBoard: construct(ReadDispatchBoard, 'organisations', 'departments', 'units', 'calls', 'positions', 'presence'),
  lookUpPlateForDispatch: construct(LookUpPlateForDispatch, 'organisations', 'vehicles', 'civilians'),
  lookUpPersonForDispatch: construct(LookUpPersonForDispatch, 'organisations', 'civilians'),
  runOnce: construct(RunOnce, 'uow', 'idempotency', 'clock'),
  readMyCharacters: construct(ReadMyCharacters, 'organisations', 'characters', 'identifierLinks', 'memberships', 'units', 'departments'),
  createMyCharacter: construct(CreateMyCharacter, 'organisations', 'characters', 'civilians', 'ids', 'writes'),
  renameMyCharacter: construct(RenameMyCharacter, 'characters', 'civilians', 'writes'),
  retireMyCharacter: construct(RetireMyCharacter, 'characters', 'identifierLinks', 'writes'),
  unlinkMyIdentifier: construct(UnlinkMyIdentifier, 'characters', 'identifierLinks', 'writes'),
  issueMyLinkCode: construct(IssueMyLinkCode, 'characters', 'linkCodes', 'hasher', 'secrets', 'writes'),
  confirmPendingLink: construct(ConfirmPendingLink, 'characters', 'pendingLinks', 'identifierLinks', 'hasher', 'writes'),
  readMyVehicles: construct(ReadMyVehicles, 'characters', 'vehicles'),
  registerMyVehicle: construct(RegisterMyVehicle, 'characters', 'civilians', 'vehicles', 'ids', 'writes'),
  transferMyVehicle: construct(TransferMyVehicle, 'characters', 'civilians', 'vehicles', 'writes'),
  reportMyVehicleStolen: construct(ReportMyVehicleStolen, 'characters', 'civilians', 'vehicles', 'writes'),
  startPendingLink: construct(StartPendingLink, 'pendingLinks', 'hasher', 'secrets', 'writes'),
  readTrustedLinks: construct(ReadTrustedLinks, 'organisations', 'signInMethods', 'externalIdentities', 'pendingLinks', 'clock'),
  linkByTrustedIdentity: construct(
    LinkByTrustedIdentity,
    'organisations',
    'characters',
    'signInMethods',
    'externalIdentities',
    'pendingLinks',
    'identifierLinks',
    'writes',
  ),
} as const satisfies Record<string, UseCaseRow<unknown>>;

export type UseCaseName = keyof typeof USE_CASE_REGISTRY;

/** Every use case the application offers, as the driving adapters (HTTP, CLI, a host) call them. */
export type UseCases = { readonly [Name in UseCaseName]: ReturnType<(typeof USE_CASE_REGISTRY)[Name]['make']> };
