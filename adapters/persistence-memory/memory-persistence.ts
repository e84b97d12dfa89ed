import type { Persistence } from '../../application/ports/persistence.ts';
import { MemoryAuditLog } from './memory-audit-log.ts';
import { MemoryBoloRepository } from './memory-bolo-repository.ts';
import {
  MemoryBridgePlayerReader,
  MemoryMdtHandoffRepository,
  MemoryPresenceRepository,
  MemoryProvisioningLedger,
} from './memory-bridge-repositories.ts';
import { MemoryCallRepository } from './memory-call-repository.ts';
import { MemoryCredentialRepository, MemoryOperatorKeyRepository } from './memory-credential-repositories.ts';
import { MemoryDatabase } from './memory-database.ts';
import { MemoryEndedMdtSessions } from './memory-ended-mdt-sessions.ts';
import { MemoryMdtPairings } from './memory-mdt-pairings.ts';
import { MemoryArrestRepository, MemoryCitationRepository } from './memory-incident-records-repositories.ts';
import { MemoryIdempotencyLedger } from './memory-idempotency-ledger.ts';
import { MemoryInstanceKeyStore } from './memory-instance-key-store.ts';
import { MemoryDepartmentRepository, MemoryOrganisationRepository } from './memory-organisation-repositories.ts';
import {
  MemoryCivilianRepository,
  MemoryReleaseRepository,
  MemoryVehicleRepository,
  MemoryWarrantRepository,
} from './memory-records-repositories.ts';
import {
  MemoryCharacterRepository,
  MemoryIdentifierLinkRepository,
  MemoryLinkCodeRepository,
  MemoryPendingLinkRepository,
  MemoryMembershipRepository,
} from './memory-roster-repositories.ts';
import { MemoryRecordNumbers } from './memory-record-numbers.ts';
import { MemoryUnitRepository } from './memory-unit-repository.ts';
import {
  MemoryBrowserSessionRepository,
  MemoryInvitationRepository,
  MemoryPersonMembershipRepository,
  MemoryPersonRepository,
  MemorySignInMethodRepository,
} from './memory-people-repositories.ts';

export interface MemoryPersistence extends Persistence {
  /** Every table's rows as committed. */
  snapshot(): Promise<Record<string, unknown[]>>;
  /** Rows written (put or deleted) since the store opened, committed or not. */
  rowsWritten(): number;
}

/** The whole store in process memory: for tests, demos and hosts that keep nothing. */
export function createMemoryPersistence(): MemoryPersistence {
  const db = new MemoryDatabase();
  return {
    snapshot: () => db.snapshot(),
    rowsWritten: () => db.rowsWritten(),
    uow: db,
    organisations: new MemoryOrganisationRepository(db),
    departments: new MemoryDepartmentRepository(db),
    characters: new MemoryCharacterRepository(db),
    identifierLinks: new MemoryIdentifierLinkRepository(db),
    linkCodes: new MemoryLinkCodeRepository(db),
    pendingLinks: new MemoryPendingLinkRepository(db),
    memberships: new MemoryMembershipRepository(db),
    units: new MemoryUnitRepository(db),
    credentials: new MemoryCredentialRepository(db),
    operatorKeys: new MemoryOperatorKeyRepository(db),
    civilians: new MemoryCivilianRepository(db),
    vehicles: new MemoryVehicleRepository(db),
    warrants: new MemoryWarrantRepository(db),
    releases: new MemoryReleaseRepository(db),
    calls: new MemoryCallRepository(db),
    bolos: new MemoryBoloRepository(db),
    citations: new MemoryCitationRepository(db),
    arrests: new MemoryArrestRepository(db),
    recordNumbers: new MemoryRecordNumbers(db),
    bridgePlayers: new MemoryBridgePlayerReader(db),
    presence: new MemoryPresenceRepository(db),
    provisioning: new MemoryProvisioningLedger(db),
    mdtHandoffs: new MemoryMdtHandoffRepository(db),
    endedMdtSessions: new MemoryEndedMdtSessions(db),
    mdtPairings: new MemoryMdtPairings(db),
    auditLog: new MemoryAuditLog(db),
    instanceKeys: new MemoryInstanceKeyStore(db),
    idempotency: new MemoryIdempotencyLedger(db),
    people: new MemoryPersonRepository(db),
    signInMethods: new MemorySignInMethodRepository(db),
    personMemberships: new MemoryPersonMembershipRepository(db),
    browserSessions: new MemoryBrowserSessionRepository(db),
    invitations: new MemoryInvitationRepository(db),
    ping: async () => undefined,
    close: async () => undefined,
  };
}
