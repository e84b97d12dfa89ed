import { Call } from '../../domain/call/call.ts';
import type { CallOrigin, CallPriority } from '../../domain/call/call-status.ts';
import type { CallId, DepartmentId, OrganisationId } from '../../domain/shared/ids.ts';
import type { MapPoint } from '../../domain/shared/map-point.ts';
import type { Ports } from '../ports/port-catalogue.ts';
import { nextRecordNumber } from './record-numbering.ts';

export interface CallOpening {
  readonly organisationId: OrganisationId;
  readonly departmentId: DepartmentId;
  readonly origin: CallOrigin;
  readonly priority?: CallPriority;
  readonly description: string;
  readonly location: MapPoint | null;
}

export type CallOpeningPorts = Pick<Ports, 'calls' | 'recordNumbers' | 'ids'>;

/** Opens a call under the organisation's next call number and stores it; inside the caller's unit of work. */
export async function openNumberedCall(ports: CallOpeningPorts, opening: CallOpening, now: Date): Promise<Call> {
  const number = await nextRecordNumber(ports.recordNumbers, opening.organisationId, 'call', now);
  const call = Call.open({ id: ports.ids.next<CallId>(), number, ...opening }, now);
  await ports.calls.save(call);
  return call;
}
