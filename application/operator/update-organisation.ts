import type { Operator } from '../../domain/operator/operator.ts';
import type { MapLayer, Organisation, OrganisationSettings } from '../../domain/organisation/organisation.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, refuse } from '../../domain/shared/outcome.ts';
import { auditNote } from '../audit/audit-note.ts';
import { audited } from '../audit/audited-writes.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { type AccessRefusal, authorise, operatorActor } from './operator-access.ts';

export interface UpdateOrganisationInput {
  readonly operator: Operator;
  readonly organisationId: OrganisationId;
  readonly name?: string;
  readonly settings: Partial<OrganisationSettings>;
  /** The dispatch board's map layer; null for the plain grid; left out, unchanged. */
  readonly mapLayer?: MapLayer | null;
}

/** Renames an organisation or changes the settings named; the 911 department must be its own. */
export class UpdateOrganisation {
  constructor(private readonly ports: Pick<Ports, 'organisations' | 'departments' | 'writes'>) {}

  async execute(
    input: UpdateOrganisationInput,
  ): Promise<Outcome<Organisation, AccessRefusal | 'unknown_department' | 'invalid_map_layer' | 'nothing_to_change'>> {
    const access = authorise(input.operator, 'organisation.settings.manage', input.organisationId);
    if (!access.ok) return access;
    const changes = Object.values(input.settings).some((v) => v !== undefined) || input.name !== undefined || input.mapLayer !== undefined;
    if (!changes) return refuse('nothing_to_change');
    return this.ports.writes.run(operatorActor(input.operator), async () => {
      const organisation = await this.ports.organisations.getForUpdate(input.organisationId);
      if (organisation === null) return refuse('not_found');
      const emergency = input.settings.emergencyDepartmentId;
      if (emergency) {
        const department = await this.ports.departments.get(emergency);
        if (department?.organisationId !== organisation.id) return refuse('unknown_department');
      }
      if (input.name !== undefined) organisation.rename(input.name);
      if (input.mapLayer !== undefined && !organisation.setMapLayer(input.mapLayer)) return refuse('invalid_map_layer');
      organisation.changeSettings(input.settings);
      await this.ports.organisations.save(organisation);
      const details = { name: input.name, settings: input.settings, ...(input.mapLayer === undefined ? {} : { mapLayer: input.mapLayer }) };
      return audited(
        organisation,
        auditNote(organisation.id, 'organisation.updated', { type: 'organisation', id: organisation.id }, details),
      );
    });
  }
}
