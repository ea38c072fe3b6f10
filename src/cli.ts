// The `clubdata` command. bin/clubdata.mjs makes sure of Node 24 and the dependencies, then
// runs this file.
//
// Exit statuses, as git, kubectl and the Stripe CLI use them: 0 done; 1 a runtime failure (the
// database or the API unreachable, no such club, key or endpoint); 2 a usage error (an unknown
// command or option, a bad option value), said in one line with the values there are. `clubdata`
// with no command is a usage error too: it prints the usage to stderr and exits 2, so that a
// script whose command went missing fails instead of passing; asking for help (`help`, --help,
// -h) prints it to stdout and exits 0.
import { readFileSync } from 'node:fs';
import { ConfigError, loadConfig } from './config.ts';
import { COMMANDS, commandHelp, HELP, UsageError } from './cli/help.ts';
import { isExpectedDuringShutdown } from './lifecycle.ts';

const HELP_FLAGS = new Set(['--help', '-h']);

function version(): string {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return version;
}

/** The usage asked for: the whole of it, or one command's. */
function help(topic: string | undefined): string {
  if (topic === undefined) return HELP;
  const text = commandHelp(topic);
  if (text === undefined) throw new UsageError(`no command "${topic}"; the commands are ${COMMANDS.join(', ')}`);
  return text;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  // Options after `--` are the command's arguments, never a request for help.
  const own = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  try {
    if (command === undefined) {
      process.stderr.write(HELP);
      return 2;
    }
    if (command === '--version' || command === '-V') {
      process.stdout.write(`clubdata ${version()}\n`);
      return 0;
    }
    if (HELP_FLAGS.has(command) || command === 'help') {
      // `clubdata help keys create` is the usage of keys, which covers create.
      process.stdout.write(help(rest[0]));
      return 0;
    }
    if (own.some((arg) => HELP_FLAGS.has(arg))) {
      process.stdout.write(help(command));
      return 0;
    }
    const config = loadConfig();
    // Loaded only for a command: help and the version answer without the service's modules.
    const { runCommand } = await import('./cli/commands.ts');
    return await runCommand(command, rest, config);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      process.stderr.write(`clubdata: ${error.message}\n`);
      if (error instanceof UsageError) {
        process.stderr.write(`Run "clubdata help${command && COMMANDS.includes(command) ? ` ${command}` : ''}" for usage.\n`);
      }
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
