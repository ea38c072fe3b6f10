// The `clubdata` command. bin/clubdata.mjs makes sure of Node 24 and the dependencies, then
// runs this file.

import { ConfigError, loadConfig } from './config.ts';
import { runCommand, UsageError } from './cli/commands.ts';
import { HELP } from './cli/help.ts';
import { isExpectedDuringShutdown } from './lifecycle.ts';

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(HELP);
    return command ? 0 : 1;
  }
  try {
    const config = loadConfig();
    return await runCommand(command, rest, config);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      process.stderr.write(`clubdata: ${error.message}\n`);
      if (error instanceof UsageError) process.stderr.write(`Run "clubdata help" for usage.\n`);
      return 2;
    }
    throw error;
  }
}

// An unexpected error is logged and ends the process: it is never kept alive in an unknown state.
process.on('uncaughtException', (error) => {
  if (isExpectedDuringShutdown(error)) return;
  process.stderr.write(`clubdata: fatal: ${error.stack ?? error}\n`);
  process.exit(1);
});

// Output piped into a command that stops reading (`| head`): the command is interrupted, and
// still stops what it started, rather than dying of the write error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.emit('SIGTERM');
  else throw error;
});

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`clubdata: ${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
});
