import { type ChildProcessWithoutNullStreams, execFile, spawn, spawnSync } from 'node:child_process';
import { entryArguments } from './service-entry.ts';

/**
 * The server entry `npm start` runs (from the build when it is current, service-entry.ts), configured by the environment. Only
 * the variables named here reach it, so a DATABASE_URL set for the test run cannot redirect it.
 */
export function startServer(env: Record<string, string>): { child: ChildProcessWithoutNullStreams; output: () => string } {
  const child = spawn(process.execPath, entryArguments('server'), {
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** `npm run cli -- ...`, likewise with only the variables named here. */
export function runCli(argv: readonly string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [...entryArguments('cli'), ...argv], {
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ...env },
    encoding: 'utf8',
    timeout: 180_000,
  });
}

/**
 * The same, without blocking the test's thread, so that the other tests of its file go on meanwhile;
 * `env` is the whole environment the process gets.
 */
export function runCliAsync(
  argv: readonly string[],
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...entryArguments('cli'), ...argv], { env, encoding: 'utf8', timeout: 180_000 }, (error, stdout, stderr) =>
      resolve({ status: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr }),
    );
  });
}

/**
 * Waits for the pattern in the process's output. The bound only stops a hung test: opening a new
 * embedded database takes seconds, and far longer on a machine shared with other test runs.
 */
export async function waitFor(output: () => string, pattern: RegExp, child: ChildProcessWithoutNullStreams): Promise<RegExpMatchArray> {
  for (let waited = 0; waited < 180_000; waited += 50) {
    const match = output().match(pattern);
    if (match) return match;
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${pattern}: ${output()}`);
}

export const exited = (child: ChildProcessWithoutNullStreams) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );
