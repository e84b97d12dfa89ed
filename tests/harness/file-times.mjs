/**
 * Loaded into every AVA worker (the configs' `nodeArguments`): when CAD_TEST_TIMES names a file,
 * each test file's worker appends one line to it as it exits, `<file>\t<start ms>\t<end ms>\t<part>`,
 * so that `npm test` can say which files the run spent its time in (scripts/test-times.ts).
 * Nothing is recorded in the main process or in any other thread.
 */
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';
import { isMainThread, workerData } from 'node:worker_threads';

const out = process.env['CAD_TEST_TIMES'];
const file = isMainThread ? undefined : workerData?.options?.file;
if (out && typeof file === 'string') {
  const start = Date.now();
  const part = process.env['CAD_TEST_PART'] ?? '';
  process.on('exit', () => {
    appendFileSync(out, `${relative(process.cwd(), file)}\t${start}\t${Date.now()}\t${part}\n`);
  });
}
