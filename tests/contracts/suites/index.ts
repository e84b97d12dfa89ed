import type { Persistence } from '../../../application/ports/persistence.ts';
import { auditContract } from './audit.contract.ts';
import { bolosContract } from './bolos.contract.ts';
import { bridgeContract } from './bridge.contract.ts';
import { callsContract } from './calls.contract.ts';
import type { ContractTest } from './contract-test.ts';
import { bootstrapKeyContract, credentialContract } from './credential.contract.ts';
import { endedMdtSessionsContract } from './ended-mdt-sessions.contract.ts';
import { incidentRecordsContract, recordNumbersContract } from './incident-records.contract.ts';
import { lockingContract } from './locking.contract.ts';
import { operatorPagesContract } from './operator-pages.contract.ts';
import { organisationContract } from './organisation.contract.ts';
import { peopleContract } from './people.contract.ts';
import { recordsContract } from './records.contract.ts';
import { removedMembersContract } from './removed-members.contract.ts';
import { rosterContract } from './roster.contract.ts';
import { unitOfWorkContract } from './unit-of-work.contract.ts';
import { beforeCommitContract } from './before-commit.contract.ts';
import { unitContract } from './unit.contract.ts';

/** Registers every port's contract suite against one store, opened once for the file. */
export function runPersistenceContracts(test: ContractTest, open: () => Promise<Persistence>): void {
  test.before(async (t) => {
    t.context.store = await open();
  });
  test.after.always(async (t) => {
    await t.context.store?.close();
  });
  for (const contract of [
    organisationContract,
    rosterContract,
    unitContract,
    removedMembersContract,
    credentialContract,
    bootstrapKeyContract,
    recordsContract,
    auditContract,
    operatorPagesContract,
    callsContract,
    bolosContract,
    incidentRecordsContract,
    recordNumbersContract,
    bridgeContract,
    endedMdtSessionsContract,
    unitOfWorkContract,
    beforeCommitContract,
    lockingContract,
    peopleContract,
  ]) {
    contract(test);
  }
}
