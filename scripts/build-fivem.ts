import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * `npm run build:fivem`: the FiveM resource as a community drops it into `resources/`, in
 * `dist/fivem/cad-bridge/`. Each side is one bundle with everything it needs, so the resource runs
 * without the project's node_modules: the server for FXServer's Node 22, the client for the
 * game's V8, which has no Node API.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
export const RESOURCE_DIR = `${root}dist/fivem/cad-bridge`;

export async function buildFivemResource(outDir = RESOURCE_DIR): Promise<string> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: [`${root}clients/fivem/server/main.ts`],
    outfile: `${outDir}/server.js`,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'iife',
    // ws's optional native speed-ups; it works without them.
    external: ['bufferutil', 'utf-8-validate'],
    legalComments: 'inline',
    logLevel: 'warning',
  });
  await build({
    entryPoints: [`${root}clients/fivem/client/main.ts`],
    outfile: `${outDir}/client.js`,
    bundle: true,
    platform: 'browser',
    target: 'es2020',
    format: 'iife',
    logLevel: 'warning',
  });
  cpSync(`${root}clients/fivem/fxmanifest.lua`, `${outDir}/fxmanifest.lua`);
  cpSync(`${root}clients/fivem/README.md`, `${outDir}/README.md`);
  cpSync(`${root}clients/fivem/ui`, `${outDir}/ui`, { recursive: true });
  return outDir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildFivemResource();
  console.log('Built dist/fivem/cad-bridge/');
}
