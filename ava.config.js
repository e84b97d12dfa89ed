export default {
  files: ['tests/**/*.test.ts'],
  extensions: ['ts'],
  nodeArguments: ['--import=tsx'],
  timeout: '2m',
};
