export { onDataDirectory, parseCommand, runCli, runCommand, USAGE, type CliIo, type ParsedCommand } from './cli-commands.ts';
