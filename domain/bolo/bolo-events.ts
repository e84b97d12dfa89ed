import type { BoloId, DepartmentId, OrganisationId } from '../shared/ids.ts';
import type { BoloStatus } from './bolo-terms.ts';

/**
 * A BOLO's stored status moved: resolved by its department, a camera hit, or a records manager's
 * override. `from` is the status as stored, before expiry is read into it.
 */
export interface BoloStatusChanged {
  readonly type: 'bolo.status_changed';
  readonly organisationId: OrganisationId;
  readonly issuingDepartmentId: DepartmentId;
  readonly boloId: BoloId;
  readonly from: BoloStatus;
  readonly to: BoloStatus;
  readonly at: Date;
}

export type BoloEvent = BoloStatusChanged;
