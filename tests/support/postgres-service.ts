import type { TestFn } from 'ava';
import { dropSchema, freshSchemaName } from './postgres.ts';
import { type TestService, startTestService } from './test-service.ts';

/** What a group of tests against the composed service on PostgreSQL holds. */
export interface PostgresServiceContext {
  app: TestService;
  url: string;
  schema: string;
}

/**
 * Starts the composed service on a fresh schema of PostgreSQL before the group's tests (rate limits
 * scaled away), and stops it and drops the schema after them.
 */
export function serviceOnPostgres(test: TestFn<PostgresServiceContext>, url: string, label: string): void {
  test.before(async (t) => {
    const schema = freshSchemaName(label);
    const app = await startTestService({ storage: { kind: 'postgres', url, schema }, rateLimitScale: 1000 });
    t.context = { app, url, schema };
  });
  test.after.always(async (t) => {
    await t.context.app?.close();
    if (t.context.schema !== undefined) await dropSchema(url, t.context.schema);
  });
}
