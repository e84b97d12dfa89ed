import { readFileSync } from 'node:fs';
import test from 'ava';
import { API_SCOPES, BRIDGE_SCOPES, CREDENTIAL_KIND_DESCRIPTIONS, SCOPE_DESCRIPTIONS } from '../../domain/credential/scope.ts';

/** The admin page shows each scope and kind with the README's description: both come from one list. */
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

test("the README's Scopes table is the domain's list of scopes, with the same descriptions", (t) => {
  const rows = [...readme.matchAll(/^\| `(game|generic_api_key)` \| `([a-z.]+)` \| (.+) \|$/gm)].map((m) => [m[1], m[2], m[3]]);
  const expected = [
    ...API_SCOPES.map((scope) => ['generic_api_key', scope, SCOPE_DESCRIPTIONS[scope]]),
    ...BRIDGE_SCOPES.map((scope) => ['game', scope, SCOPE_DESCRIPTIONS[scope]]),
  ];
  t.deepEqual(rows, expected);
});

test('the README describes each kind of credential as the admin page does', (t) => {
  for (const [kind, description] of Object.entries(CREDENTIAL_KIND_DESCRIPTIONS))
    t.true(readme.replace(/\s+/g, ' ').includes(`\`${kind}\`: ${description}`), kind);
});
