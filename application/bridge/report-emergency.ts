import type { GameGrant } from '../../domain/credential/access-grant.ts';
import type { Department } from '../../domain/organisation/department.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import type { AuditedWrites } from '../audit/audited-writes.ts';
import type { CallRepository } from '../ports/call-repository.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { DepartmentRepository, OrganisationRepository } from '../ports/organisation-repositories.ts';
import type { RecordNumbers } from '../ports/record-numbers.ts';
import type { BridgeGate } from './bridge-gate.ts';
import { type PlayerRequest, writeAsLinkedPlayer } from './player-writes.ts';
import { type ReportedCall, openReportedCall } from './reported-call.ts';

export interface ReportEmergencyInput extends PlayerRequest {
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

  execute(input: ReportEmergencyInput): Promise<Outcome<ReportedCall, 'not_linked' | 'no_department'>> {
    const ports = { calls: this.calls, numbers: this.numbers, ids: this.ids };
    return writeAsLinkedPlayer(this.gate, this.writes, input, async (player, now) => {
      const department = await this.answeringDepartment(input.grant);
      if (department === null) return refuse('no_department');
      const { description, mapX, mapY } = input;
      const report = { departmentId: department.id, origin: 'emergency_911', description, mapX, mapY } as const;
      const note = { player: player.characterId, action: 'call.reported', details: { departmentId: department.id } };
      return openReportedCall(ports, input.grant, report, note, now);
    });
  }

  /** The designated 911 department, else the credential's own; none when that one is inactive. */
  private async answeringDepartment(grant: GameGrant): Promise<Department | null> {
    const organisation = await this.organisations.get(grant.organisationId);
    const department = await this.departments.get(organisation?.settings.emergencyDepartmentId ?? grant.departmentId);
    return department !== null && department.organisationId === grant.organisationId && department.isActive ? department : null;
  }
}
