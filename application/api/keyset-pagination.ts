import type { OrganisationId } from '../../domain/shared/ids.ts';
import { type Outcome, accept, refuse } from '../../domain/shared/outcome.ts';
import type { CursorCodec } from '../ports/cursor-codec.ts';
import type { KeysetPage } from '../ports/records-repositories.ts';

export interface Page<Item> {
  readonly items: Item[];
  /** Pass it back as `cursor` for the next page; null on the last page. */
  readonly nextCursor: string | null;
  readonly hasMore: boolean;
}

export interface PageRequest {
  /** Which list: a cursor of one list is no good for another. */
  readonly list: string;
  readonly organisationId: OrganisationId;
  /** The request's filters; a cursor is only good for the same filters. */
  readonly filters: Readonly<Record<string, string | undefined>>;
  readonly cursor?: string;
  readonly limit: number;
}

/**
 * One page of a keyset walk over rows with time-ordered ids. It asks the store for one row more
 * than the page holds, to know whether another page follows without a count.
 */
export async function keysetPage<Row extends { readonly id: string }>(
  codec: CursorCodec,
  request: PageRequest,
  fetch: (page: KeysetPage) => Promise<Row[]>,
): Promise<Outcome<Page<Row>, 'invalid_cursor'>> {
  const binding = { list: request.list, organisationId: request.organisationId, filters: canonical(request.filters) };
  let after: string | null = null;
  if (request.cursor !== undefined) {
    after = codec.open(request.cursor, binding);
    if (after === null) return refuse('invalid_cursor');
  }
  const rows = await fetch({ after, limit: request.limit + 1 });
  const hasMore = rows.length > request.limit;
  const items = hasMore ? rows.slice(0, request.limit) : rows;
  const last = items.at(-1);
  return accept({ items, hasMore, nextCursor: hasMore && last !== undefined ? codec.seal({ ...binding, after: last.id }) : null });
}

/** The same filters give the same string, whatever order they came in; absent ones are left out. */
function canonical(filters: Readonly<Record<string, string | undefined>>): string {
  const present = Object.entries(filters).filter(([, value]) => value !== undefined);
  return JSON.stringify(present.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
