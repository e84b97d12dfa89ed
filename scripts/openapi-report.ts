/**
 * Sums up the answers the HTTP suites recorded with `CAD_OPENAPI_REPORT` set: how many were judged
 * against the OpenAPI document, of how many operations, and each one the document does not
 * describe. Exits 1 when there is one.
 *
 *   node --import=tsx scripts/openapi-report.ts <folder>
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { CheckedAnswer } from '../tests/support/openapi-check.ts';

/** One answer as the tests' client recorded it (`tests/support/openapi-check.ts`). */
type Recorded = CheckedAnswer;

const SHOWN = 50;

const folder = process.argv[2] ?? process.env['CAD_OPENAPI_REPORT'];
if (folder === undefined || folder === '') {
  console.error('Usage: node --import=tsx scripts/openapi-report.ts <folder the suites recorded into>');
  process.exit(2);
}

const files = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.jsonl')).sort();
const answers: Recorded[] = [];
for (const file of files) {
  for (const line of (await readFile(join(folder, file), 'utf8')).split('\n')) {
    if (line.trim() !== '') answers.push(JSON.parse(line) as Recorded);
  }
}

const operations = new Set(answers.map((answer) => answer.operationId));
const undocumented = answers.filter((answer) => !answer.ok);
console.log(
  `OpenAPI response check: ${answers.length} answers of ${operations.size} operations checked, ${undocumented.length} undocumented`,
);
// The same refusal met by many tests is one line, with how often it came.
const distinct = new Map<string, { answer: Recorded; times: number }>();
for (const answer of undocumented) {
  const key = `${answer.operationId} ${answer.status} ${answer.problem ?? ''}`;
  const seen = distinct.get(key);
  if (seen === undefined) distinct.set(key, { answer, times: 1 });
  else seen.times++;
}
const lines = [...distinct.values()].map(
  ({ answer, times }) =>
    `  ${answer.operationId} ${answer.status}: ${answer.problem ?? 'undocumented'} (${answer.method} ${answer.path}${times > 1 ? `, ${times} times` : ''})`,
);
for (const line of lines.slice(0, SHOWN)) console.log(line);
if (lines.length > SHOWN) console.log(`  … and ${lines.length - SHOWN} more`);
if (answers.length === 0) console.log(`  No answers were recorded in ${folder}.`);
process.exit(undocumented.length > 0 ? 1 : 0);
