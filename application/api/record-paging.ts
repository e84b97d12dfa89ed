import type { AccessGrant } from '../../domain/credential/access-grant.ts';

/** Page sizes of the cursor-paginated lists (section 8): default and maximum. */
export const RECORD_PAGE_LIMITS = {
  vehicles: { default: 100, max: 100 },
  civilians: { default: 100, max: 100 },
  warrants: { default: 50, max: 200 },
} as const;

export interface Paging {
  readonly grant: AccessGrant;
  readonly cursor?: string;
  readonly limit: number;
}

export function paging(input: Paging, max: number) {
  return { cursor: input.cursor, limit: Math.min(input.limit, max) };
}
