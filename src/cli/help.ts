export const HELP = `clubdata: the Club Data Service

Usage: clubdata <command> [options]

Service
  serve                      Run the whole service in one process: API and delivery pipeline
                             (what npm start runs). Without DATABASE_URL it starts an
                             embedded PostgreSQL under ./.data, seeds the demo clubs on first start and
                             prints a demo key with a curl line.
  api                        Run only the HTTP API (any number of instances).
  worker                     Run only the delivery pipeline: relay and fan-out, delivery lanes
                             (any number of instances), with /healthz, /readyz and /metrics on PORT.
  migrate                    Apply new migrations (migrations/) and changed functions (sql/).

Data
  seed --demo [--size small|large]
                             Make the deterministic demo data: two clubs (small, ~2,000 customers each)
                             or one club with 100,000 customers and 1,000,000 bookings (large).
  clubs create --name NAME --timezone TZ [--billing-model subscriptions|legacy] [--api-access on|off]
  clubs list
  clubs update ID [--name NAME] [--timezone TZ] [--billing-model ...] [--api-access on|off]

Signals
  simulate --club ID [--rate N/s] [--duration S]
                             Make realistic live changes with plain SQL (bookings made, moved and
                             cancelled, participants joining, leaving and checking in, customers
                             created, updated and archived, subscriptions started, renewed, past due,
                             cancelled and expired, events created and edited) so that
                             signals appear. Default 2 changes/s for 60 s; prints a summary.
  signals prune              Delete signals older than SIGNAL_RETENTION_DAYS (the service does this
                             hourly on its own).
  mirror (--club ID | --key cd_live_... [--api URL]) --out FILE [--resources a,b] [--relist S]
                             A local copy of the club in a SQLite file, kept exact by following
                             its signals (the SDK's mirror, docs/sdk.md): a progress line while
                             the first copy is made, then one line per change (--json: one JSON
                             object per line) until Ctrl-C. Run again with the same --out, it
                             resumes. --club makes a key for itself, revoked when it stops;
                             --api defaults to PUBLIC_URL. Club, spaces, coaches, waivers, orders
                             and transactions are listed again every --relist seconds (300).
  receive [--port 4000] [--key cd_live_... [--api URL] | --secret whsec_...] [--status 200]
                             A local webhook receiver on 127.0.0.1 for trying deliveries: one line
                             per delivery (--json: one JSON object per line). With --key it registers
                             an endpoint for itself through the API at --api (default PUBLIC_URL),
                             prints its secret, checks every signature with it and deletes the
                             endpoint when it stops; --secret checks with an existing endpoint's
                             secret. A failed check is answered 400; otherwise it answers 200, or
                             --status (e.g. 503 to watch retries). Guide: docs/webhooks.md.

Deliveries
  deliveries list --endpoint ID [--limit N]
                             The endpoint's delivery attempts, newest first: time, signal, attempt
                             number, status code, error, duration and the start of the response.
                             Works for deleted endpoints (attempts are kept). Default 50, max 1000.

API keys (the key is printed once; only its hash is stored)
  keys create --club ID [--scopes a,b,...] [--expires-at ISO8601] [--name NAME]
                             Default scopes: every *:read scope except signals:read. Opt-in scopes:
                             signals:read, webhook_endpoints:write. --expires-at must be in the
                             future (a date alone is midnight UTC).
  keys list --club ID
  keys revoke ID

Development
  test [vitest args]         Run the test suite (what npm test runs).
  typecheck                  Type-check the project.

Options
  --json                     Machine-readable output for data commands.

Configuration comes from the environment; see the README's table.
`;
