export const CALL_STATUSES = ['PENDING', 'ACTIVE', 'CLOSED'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** The statuses an API credential may set; `CLOSED` belongs to the dispatcher's close action. */
export const API_SETTABLE_CALL_STATUSES = ['PENDING', 'ACTIVE'] as const;
export type ApiSettableCallStatus = (typeof API_SETTABLE_CALL_STATUSES)[number];

export const CALL_PRIORITIES = ['P1', 'P2', 'P3', 'P4'] as const;
export type CallPriority = (typeof CALL_PRIORITIES)[number];

/** Where a call came from; each origin has its default priority. */
export type CallOrigin = 'panic' | 'emergency_911' | 'dispatch';

export const DEFAULT_PRIORITY: Record<CallOrigin, CallPriority> = {
  panic: 'P1',
  emergency_911: 'P2',
  dispatch: 'P3',
};
