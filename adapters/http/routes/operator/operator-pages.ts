import { Type } from '@sinclair/typebox';
import type { Page } from '../../../../application/api/keyset-pagination.ts';
import { OPERATOR_PAGE_LIMITS } from '../../../../application/operator/organisation-pages.ts';
import type { DepartmentId } from '../../../../domain/shared/ids.ts';
import { HttpError } from '../../error-catalogue.ts';
import { pageSchema } from '../../presenters/api-views.ts';
import { forbidden, notFound } from '../../refusals.ts';
import { id, limit } from '../../schemas.ts';
import type { JsonSchema } from '../../validation.ts';

/** Where the last page ended and how many to take (decision 0024's sealed cursors). */
const paging = {
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The `nextCursor` of the previous page; opaque.' })),
  limit: limit(OPERATOR_PAGE_LIMITS.max, OPERATOR_PAGE_LIMITS.default),
};

/** The query of an operator list: its page. */
export const pageQuery = Type.Object(paging);

/** The query of a roster list: its page, and optionally one department. */
export const rosterPageQuery = Type.Object({ departmentId: Type.Optional(id<DepartmentId>()), ...paging });

/** A page of rows, each as its view (whose schema the document gives, when named). */
export const paged = <Row>(view: (row: Row) => unknown, description: string, items: JsonSchema = { type: 'object' }) => ({
  status: 200 as const,
  description,
  schema: pageSchema(items),
  present: ({ items, nextCursor, hasMore }: Page<Row>) => ({ items: items.map(view), nextCursor, hasMore }),
});

/** A cursor this list did not hand out is the caller's error. */
export const badCursor = () =>
  new HttpError('VALIDATION_FAILED', undefined, [
    { in: 'query', field: 'cursor', message: 'is not a cursor this list handed out for these filters' },
  ]);

/** The refusals of a list in an organisation: out of reach, without the permission, a foreign cursor. */
export const pageRefusals = (permission: string) => ({
  not_found: notFound('organisation'),
  forbidden: forbidden(`This operator key lacks ${permission}.`),
  invalid_cursor: badCursor,
});
