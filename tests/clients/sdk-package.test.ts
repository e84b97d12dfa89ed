import { execFile, execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
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

test('nothing under clients/ imports the service: the clients consume the HTTP contract only', (t) => {
  const files = readdirSync('clients', { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.includes('dist/') && !f.includes('node_modules'),
  );
  t.true(files.length > 10);
  for (const file of files) {
    const source = readFileSync(join('clients', file), 'utf8');
    for (const [, specifier] of source.matchAll(/from '([^']+)'/g)) {
      const resolved = specifier!.startsWith('.') ? join('clients', file, '..', specifier!) : specifier!;
      t.true(!specifier!.startsWith('.') || resolved.startsWith('clients/'), `${file} imports ${specifier}`);
    }
  }
});

test('the README’s example outside FiveM runs as printed against the service', async (t) => {
  const { startTestService } = await import('../support/test-service.ts');
  const { bridgeWorld } = await import('../support/bridge-driver.ts');
  const { expect } = await import('../support/operator-driver.ts');
  const app = await startTestService();
  t.teardown(() => app.close());
  const world = await bridgeWorld(app);
  const officer = await world.officer();
  const readme = readFileSync(join(SDK, 'README.md'), 'utf8');
  const example = readFileSync(join(SDK, 'examples', 'unit-board.ts'), 'utf8');
  const printed = /## Example: a unit board outside FiveM[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)![1]!;
  // The README shows the example with the package's name and without its run note.
  const body = (code: string) => code.slice(code.indexOf('const cad'));
  t.is(body(printed), body(example));

  const run = (scopes: string[]) => async () => {
    const credential = expect(
      await world.admin('POST', `/organisations/${world.organisationId}/credentials`, {
        kind: 'generic_api_key',
        label: `board ${scopes.length}`,
        scopes,
      }),
      201,
    );
    // Asynchronously: the service answering it runs in this process.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import=tsx', join(SDK, 'examples', 'unit-board.ts')], {
      encoding: 'utf8',
      env: {
        ...process.env,
        CAD_BASE_URL: app.service.url,
        CAD_CLIENT_ID: credential.clientId,
        CAD_CLIENT_SECRET: credential.clientSecret,
      },
    });
    return stdout;
  };
  const unit = await world.unit(officer.unitId!);
  const readOnly = await run(['cad.unit.view'])();
  t.is(readOnly, `${unit.unitLabel}\tAVAILABLE\t-\nthis credential lacks cad.unit.assign\n`);
  const assigning = await run(['cad.unit.view', 'cad.unit.assign'])();
  t.is(assigning, `${unit.unitLabel}\tAVAILABLE\t-\n${unit.unitLabel} is BUSY\n`);
  t.is((await world.unit(officer.unitId!)).status, 'BUSY');
});
