import type { GameGrant } from '../../domain/credential/access-grant.ts';
import type { PlayerIdentifiers } from '../../domain/roster/player-identifiers.ts';
import type { CallId, DepartmentId } from '../../domain/shared/ids.ts';
import { MapPoint } from '../../domain/shared/map-point.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { type AuditedWrites, audited } from '../audit/audited-writes.ts';
import type { CallRepository } from '../ports/call-repository.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { DepartmentRepository, OrganisationRepository } from '../ports/organisation-repositories.ts';
import type { RecordNumbers } from '../ports/record-numbers.ts';
import { openNumberedCall } from '../records/open-numbered-call.ts';
import { credentialActor } from './bridge-actor.ts';
import type { BridgeGate } from './bridge-gate.ts';

export interface ReportEmergencyInput {
  readonly grant: GameGrant;
  readonly identifiers: PlayerIdentifiers;
  readonly mapX: number;
  readonly mapY: number;
  readonly description: string;
}

/**
 * `/911`: any linked player (on duty or not) reports an emergency. The call goes to the
 * organisation's designated 911 department, or else to the credential's own.
 */
export class ReportEmergency {
  constructor(
    private readonly gate: BridgeGate,
    private readonly organisations: OrganisationRepository,
    private readonly departments: DepartmentRepository,
    private readonly calls: CallRepository,
    private readonly numbers: RecordNumbers,
    private readonly ids: IdGenerator,
    private readonly writes: AuditedWrites,
  ) {}

  execute(input: ReportEmergencyInput): Promise<Outcome<{ callId: CallId; callNumber: string }, 'not_linked' | 'no_department'>> {
    const { grant } = input;
    return this.writes.run(credentialActor(grant), async (now) => {
      const player = await this.gate.linked(grant, input.identifiers);
      if (!player.ok) return player;
      const organisation = await this.organisations.get(grant.organisationId);
      const departmentId = organisation?.settings.emergencyDepartmentId ?? grant.departmentId;
      const department = await this.departments.get(departmentId);
      if (department === null || department.organisationId !== grant.organisationId || !department.isActive) {
        return refuse('no_department');
      }
      const call = await openNumberedCall(
        { calls: this.calls, numbers: this.numbers, ids: this.ids },
        {
          organisationId: grant.organisationId,
          departmentId: department.id,
          origin: 'emergency_911',
          description: input.description,
          location: MapPoint.of(input.mapX, input.mapY),
        },
        now,
      );
      return audited(
        { callId: call.id, callNumber: call.number },
        {
          organisationId: grant.organisationId,
          action: 'call.reported',
          subject: { type: 'call', id: call.id },
          playerCharacterId: player.value.characterId,
          details: { callNumber: call.number, departmentId: department.id, mapX: input.mapX, mapY: input.mapY },
        },
      );
    });
  }
}
