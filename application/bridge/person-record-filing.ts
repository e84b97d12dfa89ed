import type { GateRefusal } from '../../domain/gate/bridge-gate.ts';
import type { CharacterId, CivilianId, CredentialId, OrganisationId, UnitId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';
import type { AuditDetails } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { nextRecordNumber } from '../records/record-numbering.ts';
import { findOrRegisterCivilian } from './civilian-records.ts';
import { type PersonRequest, describePerson } from './person-input.ts';
import { playerNote, writeAsOfficer } from './player-writes.ts';

export type FilingPorts = Pick<Ports, 'gate' | 'civilians' | 'recordNumbers' | 'ids' | 'writes'>;

/** What every record an officer files about a person carries, whatever its kind. */
export interface FiledAboutPerson {
  readonly organisationId: OrganisationId;
  readonly number: string;
  readonly civilianId: CivilianId;
  readonly filedBy: { readonly characterId: CharacterId; readonly unitId: UnitId; readonly credentialId: CredentialId };
}

/** The audit action of each kind of record an officer files about a person. */
const FILED_ACTION = { citation: 'citation.issued', arrest: 'arrest.booked' } as const;

export interface PersonRecordKind<Checked, Invalid extends string, Result> {
  /** Names the number series, the audit action and the number in the audit details (`citationNumber`). */
  readonly kind: keyof typeof FILED_ACTION;
  /** The record's own input checks, made after the person's and before anything is read. */
  check(): Outcome<Checked, Invalid>;
  /** Builds and stores the record; answers its id, the use case's result and its own audit details. */
  file(checked: Checked, filed: FiledAboutPerson, now: Date): Promise<{ id: string; result: Result; details: AuditDetails }>;
}

/**
 * `/citation` and `/arrest`: an on-duty officer files a numbered record about a person, who is
 * registered on the spot if the records lack them. The audit entry names the record's number, the
 * person, and whether the person was new.
 */
export function fileAboutPerson<Checked, Invalid extends string, Result>(
  ports: FilingPorts,
  request: PersonRequest,
  record: PersonRecordKind<Checked, Invalid, Result>,
): Promise<Outcome<Result, GateRefusal | 'invalid_date_of_birth' | Invalid>> {
  const person = describePerson(request.civilian);
  if (!person.ok) return Promise.resolve(person);
  const checked = record.check();
  if (!checked.ok) return Promise.resolve(checked);
  const { grant } = request;
  return writeAsOfficer(ports.gate, ports.writes, request, async (officer, now) => {
    const { civilian, created } = await findOrRegisterCivilian(ports.civilians, ports.ids, grant.organisationId, person.value, now);
    const number = await nextRecordNumber(ports.recordNumbers, grant.organisationId, record.kind, now);
    const filedBy = { characterId: officer.characterId, unitId: officer.unitId, credentialId: grant.credentialId };
    const filed = await record.file(checked.value, { organisationId: grant.organisationId, number, civilianId: civilian.id, filedBy }, now);
    const details = { [`${record.kind}Number`]: number, civilianId: civilian.id, civilianCreated: created, ...filed.details };
    const subject = { type: record.kind, id: filed.id };
    return audited(filed.result, playerNote(grant, officer.characterId, FILED_ACTION[record.kind], subject, details));
  });
}
