import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtIsCurrent } from './service-entry.ts';

/** The repository's root: the documents' blocks run there, as a reader runs them after `cd`. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The documents whose shell blocks must run: the README and every page of `docs/`. */
export const DOCUMENTS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

export interface ShellBlock {
  readonly file: string;
  /** The heading the block sits under, as written (`## Quick start`). */
  readonly heading: string;
  /** Its place among the shell blocks under that heading, from 1. */
  readonly index: number;
  /** `README.md › ## Quick start › 1`: how the tests name it. */
  readonly id: string;
  /** The block's text, its indentation (inside a list item) taken off. */
  readonly text: string;
}

/** Every fenced `sh`, `bash` or `shell` block of a document, under its heading. */
export function shellBlocks(file: string): ShellBlock[] {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  const blocks: ShellBlock[] = [];
  const counts = new Map<string, number>();
  let heading = '(top)';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^#{1,6} /.test(line)) heading = line;
    const fence = /^(\s*)```(\S*)\s*$/.exec(line);
    if (fence === null) continue;
    const indent = fence[1]!.length;
    const body: string[] = [];
    for (i++; i < lines.length && !/^\s*```\s*$/.test(lines[i]!); i++) body.push(lines[i]!.slice(indent));
    if (!['sh', 'bash', 'shell'].includes(fence[2]!)) continue;
    const index = (counts.get(heading) ?? 0) + 1;
    counts.set(heading, index);
    blocks.push({ file, heading, index, id: `${file} › ${heading} › ${index}`, text: `${body.join('\n')}\n` });
  }
  return blocks;
}

/** The one block with this id; a test that names a block the documents no longer have fails here. */
export function block(id: string): ShellBlock {
  const found = DOCUMENTS.flatMap(shellBlocks).find((b) => b.id === id);
  if (found === undefined) throw new Error(`no shell block ${id}`);
  return found;
}

export interface ServedBlock {
  readonly status: number | null;
  readonly output: string;
  /** Each service the block started, in order: where it listened and what `/readyz` answered. */
  readonly servers: { readonly url: string; readonly ready: number }[];
}

/**
 * Runs a block as a reader would, with bash (`set -euo pipefail`), in the repository, with only the
 * environment given. Each service the block starts (`npm start`, the compiled server, in the
 * foreground or with `&`) is asked `/readyz` once it says it listens, then stopped with SIGTERM as
 * its process manager would, so the block goes on to its next line. `npm ci` is not run again: this
 * run's own install (CI's `npm ci` on a clean clone) stands for it, as running it here would replace
 * the `node_modules` every other test is using. Nor is `npm run build` while the build in `dist/` is
 * current (tests/support/service-entry.ts; CI builds before it tests): it stands for it, as a build
 * here would rewrite the `dist/` the other tests' services run from. A stale or missing build is made.
 */
export async function runServing(text: string, env: Record<string, string>, timeoutMs = 300_000): Promise<ServedBlock> {
  const shims = mkdtempSync(join(tmpdir(), 'cad-doc-shims-'));
  const npm = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
  writeFileSync(
    join(shims, 'npm'),
    '#!/bin/sh\n' +
      `if [ "$1" = ci ]; then echo "npm ci: this run's own install stands for it"; exit 0; fi\n` +
      (builtIsCurrent()
        ? `if [ "$1" = run ] && [ "$2" = build ] && [ $# -eq 2 ]; then echo "npm run build: this run's current build stands for it"; exit 0; fi\n`
        : '') +
      `exec ${npm} "$@"\n`,
  );
  chmodSync(join(shims, 'npm'), 0o755);
  const child: ChildProcessWithoutNullStreams = spawn('bash', ['-c', `set -euo pipefail\n${text}\nwait\n`], {
    cwd: ROOT,
    env: { HOME: process.env['HOME'] ?? '', ...env, PATH: `${shims}:${process.env['PATH'] ?? ''}` },
    detached: true,
  });
  let output = '';
  const servers: { url: string; ready: number }[] = [];
  const stopping: Promise<void>[] = [];
  const reader = () => {
    let pending = '';
    return (chunk: Buffer) => {
      output += chunk.toString();
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        const url = /listening on (http:\/\/[^\s"]+)/.exec(line)?.[1];
        if (url !== undefined && line.startsWith('{')) stopping.push(serve(url));
      }
    };
  };
  const serve = async (url: string) => {
    const local = url.replace('//0.0.0.0:', '//127.0.0.1:');
    const ready = await fetch(`${local}/readyz`).then(
      (reply) => reply.status,
      () => 0,
    );
    servers.push({ url, ready });
    const port = new URL(local).port;
    const pid = /pid=(\d+)/.exec(execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' }))?.[1];
    if (pid !== undefined) process.kill(Number(pid), 'SIGTERM');
  };
  child.stdout.on('data', reader());
  child.stderr.on('data', reader());
  const status = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      output += `\n(the block did not finish within ${timeoutMs} ms)`;
      killGroup(child);
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  await Promise.all(stopping);
  killGroup(child);
  rmSync(shims, { recursive: true, force: true });
  return { status, output, servers };
}

function killGroup(child: ChildProcessWithoutNullStreams): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // The group has stopped already.
  }
}
