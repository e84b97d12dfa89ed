import { COMMON } from './tests/harness/parts.js';

/**
 * `npx ava <file>` during development: any test file, on Koa. `npm test` runs the suite in parts,
 * each with a configuration of its own (tests/harness/parts.js).
 */
export default {
  ...COMMON,
  files: ['tests/**/*.test.ts'],
};
