export { onDataDirectory, parseCommand, runCli, runCommand, type CliIo, type ParsedCommand } from './cli-commands.ts';
export { USAGE } from './cli-help.ts';
