export { runCli, USAGE, type CliIo } from './cli-commands.ts';
