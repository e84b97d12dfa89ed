import { readFileSync } from 'node:fs';
import test from 'ava';
import { typeOf } from '../../scripts/client-types.ts';
import { GENERATED, generatedClientTypes } from '../../scripts/generate-client-types.ts';

/**
 * The typed client's route types are the route table's: the committed file is what the table
 * gives now, so a schema change that is not generated (and followed by the client) fails here and
 * in `npm run check:client-types`.
 */

test('the committed route types are exactly what the route table and the AsyncAPI document give', async (t) => {
  t.is(readFileSync(GENERATED, 'utf8'), await generatedClientTypes());
});

test('the schema vocabulary of the table becomes the TypeScript it means', (t) => {
  t.is(typeOf({ type: ['string', 'null'] }), 'string | null');
  t.is(typeOf({ enum: ['A', 'B'] }), '"A" | "B"');
  t.is(typeOf({ const: true }), 'true');
  t.is(typeOf({ type: 'array', items: { type: 'integer' } }), 'readonly (number)[]');
  t.is(typeOf({ type: 'object' }), 'Readonly<Record<string, unknown>>');
  t.is(
    typeOf({ type: 'object', required: ['a'], properties: { a: { type: 'string' }, 'b-c': { type: 'boolean' } } }),
    '{\n  readonly a: string;\n  readonly "b-c"?: boolean;\n}',
  );
  t.is(typeOf({ oneOf: [{ const: 1 }, { const: 'x' }] }), '(1) | ("x")');
});
