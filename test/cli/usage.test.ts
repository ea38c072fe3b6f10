// How `clubdata` answers a newcomer, status by status (src/cli.ts): help and the version exit 0
// on stdout; no command, an unknown command or option and every bad option value exit 2 with one
// line that names the values there are; a runtime failure exits 1. Real child processes on a
// database of this file's own.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandHelp, COMMANDS } from '../../src/cli/help.ts';
import { ALL_SCOPES } from '../../src/domain/scopes.ts';
import { createTestDatabase, insertClub } from '../helper.ts';
import { ROOT, runCli, type Run } from './run-cli.ts';

let databaseUrl: string;
let clubId: string;
let dir: string;
const clubdata = (...args: string[]) => runCli(databaseUrl, args);

beforeAll(async () => {
  const database = await createTestDatabase();
  databaseUrl = database.url;
  clubId = (await insertClub(database.pool)).id;
  dir = await mkdtemp(join(tmpdir(), 'clubdata-cli-usage-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function expectUsageError(run: Run, firstLine: string | RegExp, what: string) {
  expect(run.code, `${what}: ${run.stderr}`).toBe(2);
  const [first] = run.stderr.split('\n');
  if (typeof firstLine === 'string') expect(first, what).toBe(firstLine);
  else expect(first, what).toMatch(firstLine);
  expect(run.stdout, what).toBe('');
  expect(run.stderr, what).not.toMatch(/\n\s+at /);
}

describe('help and version', () => {
  it('clubdata alone prints the usage to stderr and exits 2: no command is a usage error', async () => {
    const run = await clubdata();
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Usage: clubdata <command> [options]');
    expect(run.stdout).toBe('');
  });

  it('help, --help and -h print the whole usage to stdout and exit 0', async () => {
    for (const flag of ['help', '--help', '-h']) {
      const run = await clubdata(flag);
      expect(run.code, flag).toBe(0);
      expect(run.stdout, flag).toContain('Usage: clubdata <command> [options]');
      for (const command of COMMANDS) expect(run.stdout, `${flag}: ${command}`).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
      expect(run.stdout).toContain('Exit status: 0 done; 1 failed');
    }
  });

  it('--version and -V print the package version and exit 0', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const run = await clubdata(flag);
      expect(run.code, flag).toBe(0);
      expect(run.stdout, flag).toBe(`clubdata ${version}\n`);
    }
  });

  it("help <command> and <command> --help print that command's usage only and exit 0", async () => {
    for (const args of [['help', 'endpoints'], ['endpoints', '--help'], ['endpoints', 'delete', 'we_x', '-h'], ['help', 'endpoints', 'list']]) {
      const run = await clubdata(...args);
      expect(run.code, args.join(' ')).toBe(0);
      expect(run.stdout, args.join(' ')).toBe(commandHelp('endpoints'));
    }
    expect(commandHelp('endpoints')).toContain('endpoints delete ID');
    expect(commandHelp('endpoints')).not.toContain('keys create');
    // Every command listed has a usage of its own.
    for (const command of COMMANDS) expect(commandHelp(command), command).toContain(`  ${command}`);
  });

  it('--help after -- is an argument, not a request for help', async () => {
    const run = await clubdata('clubs', 'list', '--', '--help');
    expectUsageError(run, 'clubdata: unexpected argument: --help', 'clubs list -- --help');
  });

  it('help for no such command, and no such command, exit 2 naming the commands', async () => {
    const commands = COMMANDS.join(', ');
    expectUsageError(await clubdata('help', 'frobnicate'), `clubdata: no command "frobnicate"; the commands are ${commands}`, 'help frobnicate');
    const unknown = await clubdata('frobnicate');
    expectUsageError(unknown, `clubdata: unknown command "frobnicate"; the commands are ${commands}`, 'frobnicate');
    expect(unknown.stderr.split('\n')[1]).toBe('Run "clubdata help" for usage.');
  });
});

describe('usage errors: exit 2, one line naming the values there are', () => {
  const commandsHint = (command: string) => `Run "clubdata help ${command}" for usage.`;

  it('an unknown option names the options of the command, and points to its help', async () => {
    const run = await clubdata('clubs', 'create', '--colour', 'red');
    expectUsageError(run, 'clubdata: unknown option --colour; the options are --name, --timezone, --billing-model, --api-access, --json', 'clubs create --colour');
    expect(run.stderr.split('\n')[1]).toBe(commandsHint('clubs'));
  });

  it('an option without its value, and a flag given one', async () => {
    expectUsageError(await clubdata('clubs', 'create', '--name'), 'clubdata: --name needs a value', 'clubs create --name');
    expectUsageError(await clubdata('clubs', 'list', '--json=yes'), 'clubdata: --json takes no value', 'clubs list --json=yes');
  });

  // Each case a test of its own: a Node start each, seconds apiece on a busy machine.
  const badValues: [string[], string | RegExp][] = [
    // The database knows the timezones; a name it does not know is a bad value like any other.
    [
      ['clubs', 'create', '--name', 'Nowhere', '--timezone', 'Mars/Olympus_Mons'],
      'clubdata: --timezone must be an IANA timezone name such as Europe/Madrid or America/New_York (unknown IANA timezone: Mars/Olympus_Mons)',
    ],
    [['clubs', 'update', 'club_any', '--timezone', 'Mars/Olympus_Mons'], /^clubdata: --timezone must be an IANA timezone name .*Mars\/Olympus_Mons/],
    [['clubs', 'create', '--name', 'X', '--timezone', 'Europe/Madrid', '--billing-model', 'barter'], 'clubdata: --billing-model must be subscriptions or legacy'],
    [['clubs', 'update', 'club_any', '--api-access', 'maybe'], 'clubdata: --api-access must be on or off'],
    [['keys', 'create', '--club', 'club_any', '--scopes', 'bogus:read'], `clubdata: unknown scope bogus:read; the scopes are ${ALL_SCOPES.join(', ')}`],
    [['keys', 'create', '--club', 'club_any', '--scopes', ','], `clubdata: --scopes names no scope; the scopes are ${ALL_SCOPES.join(', ')}`],
    [['simulate', '--club', 'club_any', '--duration', '0'], 'clubdata: --duration must be a number of seconds, more than 0 and at most 86400'],
    [['simulate', '--club', 'club_any', '--duration', '86401'], 'clubdata: --duration must be a number of seconds, more than 0 and at most 86400'],
    [['simulate', '--club', 'club_any', '--rate', '0'], /^clubdata: --rate must be a number of changes per second, more than 0 and at most 1000/],
    [['seed', '--demo', '--size', 'huge'], 'clubdata: --size must be small or large'],
    [['deliveries', 'list', '--endpoint', 'we_any', '--limit', '0'], 'clubdata: --limit must be an integer from 1 to 1000'],
    [['receive', '--port', '70000'], 'clubdata: --port must be a port number from 0 to 65535 (0: any free port)'],
    [['receive', '--key', `cd_live_${'0'.repeat(32)}`, '--api', 'localhost:3000'], "clubdata: --api must be the service's base URL, such as http://127.0.0.1:3000"],
    [['endpoints', 'purge'], 'clubdata: endpoints needs list, show or delete'],
    [['endpoints', 'show'], 'clubdata: endpoints show needs the endpoint id'],
  ];
  for (const [args, message] of badValues) {
    it(`a bad option value: ${args.join(' ')}`, async () => expectUsageError(await clubdata(...args), message, args.join(' ')));
  }

  it('mirror: --club and --key together are exclusive, and a bad --out names the path, before anything is made', async () => {
    const key = `cd_live_${'0'.repeat(32)}`;
    const out = join(dir, 'club.db');
    const cases: [string[], string][] = [
      [['mirror', '--club', clubId, '--key', key, '--out', out], 'clubdata: --club and --key are exclusive: --club makes a key for itself, --key uses yours'],
      [['mirror', '--club', clubId, '--out', join(dir, 'no', 'such', 'club.db')], `clubdata: --out ${join(dir, 'no', 'such', 'club.db')}: there is no folder ${join(dir, 'no', 'such')} to create it in`],
      [['mirror', '--club', clubId, '--out', dir], `clubdata: --out ${dir} is a folder; name a file in it, such as ${dir}/club.db`],
    ];
    for (const [args, message] of cases) expectUsageError(await clubdata(...args), message, args.join(' '));
  });
});
