import type { BoloStatus } from '../../domain/bolo/bolo-terms.ts';
import type { AccessGrant } from '../../domain/credential/access-grant.ts';
import type { DepartmentId } from '../../domain/shared/ids.ts';
import type { BoloRepository } from '../ports/bolo-repository.ts';
import type { Clock } from '../ports/clock.ts';

export const MAX_BOLO_LIST = 500;

/** `GET /records/bolos`: newest first; without `status`, the active BOLOs. */
export class ListBolos {
  constructor(
    private readonly bolos: BoloRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { grant: AccessGrant; status?: BoloStatus; issuingDepartmentId?: DepartmentId; limit: number }) {
    const now = this.clock.now();
    const bolos = await this.bolos.list({
      organisationId: input.grant.organisationId,
      status: input.status ?? 'active',
      issuingDepartmentId: input.issuingDepartmentId,
      now,
      limit: Math.min(input.limit, MAX_BOLO_LIST),
    });
    return { bolos, now };
  }
}
