import type { Page } from '../../application/api/keyset-pagination.ts';
import { OPERATOR_PAGE_LIMITS } from '../../application/operator/organisation-pages.ts';
import type { UseCases } from '../../application/use-cases.ts';
import type { ListedCharacter } from '../../application/operator/list-characters.ts';
import type { Department } from '../../domain/organisation/department.ts';
import type { OperatorKey } from '../../domain/operator/operator-key.ts';
import type { Organisation } from '../../domain/organisation/organisation.ts';
import type { OrganisationId } from '../../domain/shared/ids.ts';
import type { Outcome } from '../../domain/shared/outcome.ts';

/**
 * The command-line lists: every row, oldest first, read a page at a time through the same use
 * cases as the operator routes (so the same permissions hold), printed as one JSON array.
 */
async function everyPage<Row, Reason extends string>(
  read: (cursor: string | undefined) => Promise<Outcome<Page<Row>, Reason>>,
): Promise<Outcome<Row[], Reason>> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await read(cursor);
    if (!page.ok) return page;
    rows.push(...page.value.items);
    if (!page.value.hasMore || page.value.nextCursor === null) return { ok: true, value: rows };
    cursor = page.value.nextCursor;
  }
}

const limit = OPERATOR_PAGE_LIMITS.max;

function mapped<Row, Reason extends string>(outcome: Outcome<Row[], Reason>, view: (row: Row) => unknown): Outcome<unknown, Reason> {
  return outcome.ok ? { ok: true, value: outcome.value.map(view) } : outcome;
}

export async function listOrganisations(useCases: UseCases, operator: OperatorKey): Promise<Outcome<unknown, string>> {
  const rows = await everyPage((cursor) => useCases.listOrganisations.execute({ operator, cursor, limit }));
  return mapped(rows, (organisation: Organisation) => {
    const { id, name, createdAt } = organisation.snapshot();
    return { organisationId: id, name, createdAt: createdAt.toISOString() };
  });
}

export async function listDepartments(useCases: UseCases, operator: OperatorKey, organisationId: OrganisationId) {
  const rows = await everyPage((cursor) => useCases.listDepartments.execute({ operator, organisationId, cursor, limit }));
  return mapped(rows, (department: Department) => {
    const { id, slug, name, isActive } = department.snapshot();
    return { departmentId: id, slug, name, isActive };
  });
}

export async function listCharacters(useCases: UseCases, operator: OperatorKey, organisationId: OrganisationId) {
  const rows = await everyPage((cursor) => useCases.listCharacters.execute({ operator, organisationId, cursor, limit }));
  return mapped(rows, ({ character }: ListedCharacter) => {
    const { id, publicId, firstName, lastName, dateOfBirth } = character.snapshot();
    return { characterId: id, characterPublicId: publicId, displayName: character.displayName, firstName, lastName, dateOfBirth };
  });
}
