import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import test from 'ava';

/**
 * The typed client as published: `npm run build:sdk` gives an ESM and a CommonJS build with type
 * declarations, both loadable by plain Node, and neither imports anything but its own files and
 * socket.io-client.
 */

const SDK = 'clients/sdk';

test.before(() => {
  execFileSync('npm', ['run', '--silent', 'build:sdk'], { stdio: 'pipe' });
});

test('the ESM build imports and the CommonJS build requires, with the same exports', (t) => {
  const list = (loader: string) =>
    JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', loader], { encoding: 'utf8', cwd: SDK })) as string[];
  const esm = list(`const m = await import('./dist/esm/index.js'); console.log(JSON.stringify(Object.keys(m).sort()))`);
  const cjs = list(
    `import { createRequire } from 'node:module'; const m = createRequire(process.cwd() + '/')('./dist/cjs/index.js'); console.log(JSON.stringify(Object.keys(m).filter((k) => k !== '__esModule').sort()))`,
  );
  t.deepEqual(esm, cjs);
  t.true(esm.includes('CadClient') && esm.includes('WaypointChannel') && esm.includes('identifiersFromFiveM'));
});

test('both builds carry type declarations, and import nothing but their own files and socket.io-client', (t) => {
  const pkg = JSON.parse(readFileSync(join(SDK, 'package.json'), 'utf8'));
  t.deepEqual(Object.keys(pkg.dependencies), ['socket.io-client']);
  for (const build of ['esm', 'cjs']) {
    const files = readdirSync(join(SDK, 'dist', build), { recursive: true, encoding: 'utf8' });
    t.true(files.includes('index.d.ts'), build);
    for (const file of files.filter((f) => f.endsWith('.js'))) {
      const source = readFileSync(join(SDK, 'dist', build, file), 'utf8');
      const specifiers = [...source.matchAll(/(?:from |require\()['"]([^'"]+)['"]/g)].map((m) => m[1]!);
      for (const specifier of specifiers)
        t.true(specifier.startsWith('.') || specifier === 'socket.io-client', `${build}/${file}: ${specifier}`);
    }
  }
});
