import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { openApiDocument } from '../adapters/http/openapi.ts';
import { asyncApiDocument } from '../adapters/realtime-socketio/asyncapi.ts';
import { ROUTES } from '../adapters/http/routes/index.ts';
import type { JsonSchema } from '../adapters/http/validation.ts';
import { clientTypesSource } from './client-types.ts';

/**
 * Writes the typed client's route types from the route table; with `--check`, fails instead when
 * the committed file differs from what the table gives (CI runs that).
 */
export const GENERATED = fileURLToPath(new URL('../clients/sdk/src/generated/routes.ts', import.meta.url));

export async function generatedClientTypes(): Promise<string> {
  const document = openApiDocument(ROUTES) as { components: { schemas: { Error: JsonSchema } } };
  const source = clientTypesSource(ROUTES, document.components.schemas.Error, asyncApiDocument());
  return format(source, { ...(await resolveConfig(GENERATED)), filepath: GENERATED });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const fresh = await generatedClientTypes();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(GENERATED, 'utf8');
    } catch {
      // A missing file is stale too.
    }
    if (current !== fresh) {
      console.error('clients/sdk/src/generated/routes.ts does not match the route table: run npm run generate:client-types');
      process.exit(1);
    }
    console.log('The client route types match the route table.');
  } else {
    writeFileSync(GENERATED, fresh);
    console.log('Wrote clients/sdk/src/generated/routes.ts');
  }
}
