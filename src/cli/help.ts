// The usage of `clubdata`: the whole of it (`clubdata help`, `--help`), or one command's
// (`clubdata help keys`, `clubdata keys --help`). Each command's text is written once, here.

/** A command used wrongly (unknown command or option, a bad option value): said in one line, status 2. */
export class UsageError extends Error {}

type Section = { title: string; commands: Record<string, string> };

const SECTIONS: Section[] = [
  {
    title: 'Service',
    commands: {
      serve: `  serve                      Run the whole service in one process: API and delivery pipeline
                             (what npm start runs). Without DATABASE_URL it starts an
                             embedded PostgreSQL under ./.data, seeds the demo clubs on first start and
                             prints a demo key with a curl line. Records where its API listens in
                             the data folder (api.json) for receive and mirror.`,
      api: `  api                        Run only the HTTP API (any number of instances); records its address
                             as serve does.`,
      worker: `  worker                     Run only the delivery pipeline: relay and fan-out, delivery lanes
                             (any number of instances), with /healthz, /readyz and /metrics on PORT.`,
      migrate: `  migrate                    Apply new migrations (migrations/) and changed functions (sql/).`,
    },
  },
  {
    title: 'Data',
    commands: {
      seed: `  seed --demo [--size small|large]
                             Make the deterministic demo data: two clubs (small, ~2,000 customers each)
                             or one club with 100,000 customers and 1,000,000 bookings (large).`,
      clubs: `  clubs create --name NAME --timezone TZ [--billing-model subscriptions|legacy] [--api-access on|off]
  clubs list
  clubs update ID [--name NAME] [--timezone TZ] [--billing-model ...] [--api-access on|off]
                             --timezone is an IANA name such as Europe/Madrid.`,
    },
  },
  {
    title: 'Signals',
    commands: {
      simulate: `  simulate --club ID [--rate N/s] [--duration S]
                             Make realistic live changes with plain SQL (bookings made, moved and
                             cancelled, participants joining, leaving and checking in, customers
                             created, updated and archived, subscriptions started, renewed, past due,
                             cancelled and expired, events created and edited) so that
                             signals appear. Default 2 changes/s for 60 s (rate more than 0 and at
                             most 1000, duration more than 0 and at most 86400); prints a summary.
                             A change that finds nothing to act on (no customer, no space, ...) is
                             skipped and counted; when none could be made it says what the club
                             lacks and exits 1.`,
      signals: `  signals prune              Delete signals older than SIGNAL_RETENTION_DAYS (the service does this
                             hourly on its own).`,
      mirror: `  mirror (--club ID | --key cd_live_...) [--api URL] --out FILE [--resources a,b] [--relist S]
                             A local copy of the club in a SQLite file, kept exact by following
                             its signals (the SDK's mirror, docs/sdk.md): a progress line while
                             the first copy is made, then one line per change (--json: one JSON
                             object per line) until Ctrl-C. Run again with the same --out, it
                             resumes. --club makes a key for itself, revoked when it stops; --key
                             uses yours (not both). Before writing anything it checks that the API
                             answers and that the key holds every scope the copy needs (it names
                             each one missing); a new file is removed again if the first copy
                             does not complete. Every resource follows the signals; as a
                             safety net all are listed again every --relist seconds (21600,
                             6 hours; 0: never).
                             --api: see receive.`,
      receive: `  receive [--port 4000] [--key cd_live_... [--api URL] | --secret whsec_...|whpk_...] [--status 200]
                             A local webhook receiver on 127.0.0.1 for trying deliveries: one line
                             per delivery (--json: one JSON object per line). With --key it registers
                             an endpoint for itself through the API, prints its secret, checks every
                             signature with it and deletes the endpoint when it stops; --secret checks
                             with an existing endpoint's secret, or a v1a endpoint's public_key
                             (whpk_). A failed check is answered 400;
                             otherwise it answers 200, or --status (e.g. 503 to watch retries).
                             Guide: docs/webhooks.md.
                             --api defaults to the service running on this data folder (the address
                             serve and api record in it), else PUBLIC_URL (http://127.0.0.1:3000).`,
    },
  },
  {
    title: 'Webhook endpoints',
    commands: {
      endpoints: `  endpoints list --club ID    The club's webhook endpoints, oldest first (deleted ones left out).
  endpoints show ID          One endpoint as the API shows it (never its secret), with how it
                             signs (v1, or v1a and its public key), its delivery options
                             (ordering, max_in_flight, rate_limit), its pace
                             and its health (failing since, to be disabled at, last success,
                             pending and given-up deliveries).
  endpoints delete ID        Delete it as DELETE /v1/webhook_endpoints/{id} does: its pending
                             deliveries are cancelled; its attempts are kept.`,
      portal: `  portal --club ID [--mode manage|read_only] [--api URL]
                             A single-use link to the club's webhook portal, for a person at this
                             machine (docs/portal.md): open it within 10 minutes; the session lasts
                             an hour. Made as POST /v1/portal_sessions makes one, by a key of its
                             own ("clubdata portal", every scope, expiring after that hour).
                             Default mode: manage. --api: see receive.`,
      deliveries: `  deliveries list --endpoint ID [--limit N]
                             The endpoint's delivery attempts, newest first: time, signal, attempt
                             number, status code, error, duration and the start of the response.
                             Works for deleted endpoints (attempts are kept); an id no club has
                             exits 1. Default 50, max 1000.`,
    },
  },
  {
    title: 'API keys (the key is printed once; only its hash is stored)',
    commands: {
      keys: `  keys create --club ID [--scopes a,b,...] [--expires-at ISO8601] [--name NAME]
                             Default scopes: every *:read scope except signals:read. Opt-in scopes:
                             signals:read, webhook_endpoints:write. --expires-at must be in the
                             future (a date alone is midnight UTC).
  keys list --club ID
  keys revoke ID`,
    },
  },
  {
    title: 'Development',
    commands: {
      test: `  test [vitest args]         Run the test suite (what npm test runs).`,
      typecheck: `  typecheck                  Type-check the project.`,
    },
  },
];

const FOOTER = `Options
  --json                     Machine-readable output for data commands.
  -h, --help                 This text; after a command, that command's usage.

Exit status: 0 done; 1 failed (the database or the API unreachable, no such club, key or
endpoint, nothing simulated); 2 usage error (unknown command or option, a bad option value);
130 interrupted before it could finish (seed, mirror's first copy).

Configuration comes from the environment; see docs/operations.md.
`;

export const COMMANDS: readonly string[] = SECTIONS.flatMap((section) => Object.keys(section.commands));

export const HELP = `clubdata: the Club Data Service

Usage: clubdata <command> [options]
       clubdata help <command>    (or clubdata <command> --help)
       clubdata --version

${SECTIONS.map((section) => `${section.title}\n${Object.values(section.commands).join('\n')}\n`).join('\n')}
${FOOTER}`;

/** One command's usage, or undefined for a name that is no command. */
export function commandHelp(command: string): string | undefined {
  for (const section of SECTIONS) {
    const text = section.commands[command];
    if (text !== undefined) return `Usage of clubdata ${command}:\n${text}\n\n${FOOTER}`;
  }
  return undefined;
}
