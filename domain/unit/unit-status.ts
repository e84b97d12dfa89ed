export const UNIT_STATUSES = ['AVAILABLE', 'EN_ROUTE', 'ON_SCENE', 'BUSY', 'OUT_OF_SERVICE', 'OFF_DUTY'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

/** Every status but `OFF_DUTY` counts as on duty for the bridge gate. */
export function isOnDuty(status: UnitStatus): boolean {
  return status !== 'OFF_DUTY';
}
