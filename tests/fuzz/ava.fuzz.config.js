import base from '../../ava.config.js';

/** `npm run fuzz`: the fuzz files of CI, the embedded store's too, and time for long runs. */
export default {
  ...base,
  files: ['tests/fuzz/**/*.test.ts', 'tests/fuzz/**/*.fuzz.ts'],
  timeout: '60m',
};
