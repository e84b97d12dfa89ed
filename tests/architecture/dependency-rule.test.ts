import test from 'ava';
import { check, checkTree, importsOf } from './import-rules.ts';

test('the project keeps the dependency rule', (t) => {
  t.deepEqual(checkTree(['domain', 'application', 'adapters', 'composition']), []);
});

// The rule must bite: each of these sources breaks it once.
const violations = [
  ['domain/unit/unit.ts', "import { Container } from 'inversify';", 'domain/ imports no package or Node module'],
  ['domain/unit/unit.ts', "import { readFile } from 'node:fs/promises';", 'domain/ imports no package or Node module'],
  [
    'domain/unit/unit.ts',
    "import type { UnitRepository } from '../../application/ports/unit-repository.ts';",
    'domain/ imports only domain/',
  ],
  ['application/api/list-units.ts', "import { MikroORM } from '@mikro-orm/core';", 'application/ imports no package or Node module'],
  [
    'application/api/list-units.ts',
    "import { ROUTES } from '../../adapters/http/routes/index.ts';",
    'application/ imports only domain/ and application/',
  ],
  ['application/api/list-units.ts', "const x = await import('koa');", 'application/ imports no package or Node module'],
  ['application/api/list-units.ts', '@injectable()\nexport class ListUnits {}', 'no DI or ORM decorator in the centre'],
  [
    'adapters/http-koa/koa-app.ts',
    "import { OrmSession } from '../persistence-mikro-orm/orm-session.ts';",
    'an adapter reaches another only through its index.ts, never its internals',
  ],
  ['adapters/http-koa/koa-app.ts', "import { TOKENS } from '../../composition/tokens.ts';", 'adapters never import the composition root'],
] as const;

for (const [file, source, rule] of violations) {
  test(`a violation is caught: ${rule} (${source.split('\n')[0]})`, (t) => {
    t.deepEqual(
      check(file, source).map((v) => v.rule),
      [rule],
    );
  });
}

test('allowed imports pass', (t) => {
  t.deepEqual(check('application/api/list-units.ts', "import type { Unit } from '../../domain/unit/unit.ts';"), []);
  t.deepEqual(check('adapters/http-koa/koa-app.ts', "import Koa from 'koa';\nimport { grantFromClaims } from '../security/index.ts';"), []);
});

test('the scanner reads every import form', (t) => {
  const source =
    "import a from 'a';\nimport type { B } from \"b\";\nexport { c } from './c.ts';\nimport 'd';\nconst e = await import('e');\nimport {\n  f,\n} from 'f';";
  t.deepEqual(importsOf(source), ['a', 'b', './c.ts', 'd', 'e', 'f']);
});
