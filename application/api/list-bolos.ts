import type { BoloStatus } from '../../domain/bolo/bolo-terms.ts';
import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { DepartmentId } from '../../domain/shared/ids.ts';
import type { Ports } from '../ports/port-catalogue.ts';

export const MAX_BOLO_LIST = 500;

/** `GET /records/bolos`: newest first; without `status`, the active BOLOs. */
export class ListBolos {
  constructor(private readonly ports: Pick<Ports, 'bolos' | 'clock'>) {}

  async execute(input: { grant: AccessGrant; status?: BoloStatus; issuingDepartmentId?: DepartmentId; limit: number }) {
    const now = this.ports.clock.now();
    const bolos = await this.ports.bolos.list({
      organisationId: input.grant.organisationId,
      status: input.status ?? 'active',
      issuingDepartmentId: input.issuingDepartmentId,
      now,
      limit: Math.min(input.limit, MAX_BOLO_LIST),
    });
    return { bolos, now };
  }
}
