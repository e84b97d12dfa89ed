import type { GameGrant } from '../../domain/credential/access-grant.ts';
import type { Department } from '../../domain/organisation/department.ts';
import type { OrganisationSettings } from '../../domain/organisation/organisation.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import type { Ports } from '../ports/port-catalogue.ts';
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
  constructor(private readonly ports: Pick<Ports, 'gate' | 'departments' | 'calls' | 'recordNumbers' | 'ids' | 'writes'>) {}

  execute(input: ReportEmergencyInput): Promise<Outcome<ReportedCall, 'not_linked' | 'no_department'>> {
    return writeAsLinkedPlayer(this.ports.gate, this.ports.writes, input, async (player, now) => {
      const department = await this.answeringDepartment(input.grant, player.settings);
      if (department === null) return refuse('no_department');
      const { description, mapX, mapY } = input;
      const report = { departmentId: department.id, origin: 'emergency_911', description, mapX, mapY } as const;
      const note = { player: player.characterId, action: 'call.reported', details: { departmentId: department.id } };
      return openReportedCall(this.ports, input.grant, report, note, now);
    });
  }

  /** The designated 911 department (in the settings the gate read), else the credential's own; none when that one is inactive. */
  private async answeringDepartment(grant: GameGrant, settings: OrganisationSettings): Promise<Department | null> {
    const department = await this.ports.departments.get(settings.emergencyDepartmentId ?? grant.departmentId);
    return department !== null && department.organisationId === grant.organisationId && department.isActive ? department : null;
  }
}
