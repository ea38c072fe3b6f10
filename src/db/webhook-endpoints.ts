// Webhook endpoints as the API manages them; the JSON comes from cd_render_webhook_endpoint and
// cd_render_webhook_attempt (sql/1-render/). Secrets arrive here sealed and are
// only ever written: no query reads a secret back for the API.
import type pg from 'pg';
import { listPage, type ListRequest } from './list.ts';
import type { Pool } from './pool.ts';
import { readRecord } from './sql.ts';
import { signalSequenceOf, type Read } from './watermark.ts';
import { SqlParams } from './sql.ts';
import type { SignatureScheme } from '../domain/secrets.ts';
import type { CreatedWindow } from '../domain/timestamps.ts';
import { addTimestamptz, createdWindowConditions } from './time-window.ts';
import { withTransaction } from './transaction.ts';

// Deleted endpoints are gone for the API: every query below sees live endpoints only.
const LIVE = 'club_id = $1 AND id = $2 AND deleted_at IS NULL';

export interface NewEndpoint {
  clubId: string;
  url: string;
  description: string;
  signalTypes: string[];
  scopes: string[];
  sealedSecret: Buffer;
  /** How the sealed secret signs; v1a with the public key of its signing key. Default v1. */
  signing?: EndpointSigning | undefined;
  /** Default 'none'. */
  ordering?: EndpointOrdering | undefined;
  /** Absent or null: the worker's DELIVERY_PER_ENDPOINT_CONCURRENCY. */
  maxInFlight?: number | null | undefined;
  /** Deliveries a second; absent or null: no limit. */
  rateLimit?: number | null | undefined;
}

/** How an endpoint signs: v1 (HMAC), or v1a (ed25519) with the `whpk_` public key it shows. */
export type EndpointSigning = { scheme: 'v1' } | { scheme: 'v1a'; publicKey: string };

/** How an endpoint's deliveries are ordered (docs/webhooks.md "Order and pace"). */
export type EndpointOrdering = 'none' | 'per_resource';

/**
 * Creates an endpoint that receives the signals emitted after it exists: from_sequence is the
 * club's last sequence now. A signal still uncommitted holds the club's sequence row locked and
 * has a higher sequence than the committed one read here, so it is not missed.
 */
export async function createEndpoint(pool: Pool, input: NewEndpoint): Promise<string> {
  const result = await pool.query<{ body: string }>(
    `INSERT INTO webhook_endpoints AS e (club_id, url, description, signal_types, scopes, secret, from_sequence, ordering, max_in_flight,
                                         rate_limit, signature_scheme, public_key)
     VALUES ($1, $2, $3, $4, $5, $6, cd_signal_sequence($1), $7, $8, $9, $10, $11)
     RETURNING cd_render_webhook_endpoint(e)::text AS body`,
    [
      input.clubId,
      input.url,
      input.description,
      input.signalTypes,
      input.scopes,
      input.sealedSecret,
      input.ordering ?? 'none',
      input.maxInFlight ?? null,
      input.rateLimit ?? null,
      input.signing?.scheme ?? 'v1',
      input.signing?.scheme === 'v1a' ? input.signing.publicKey : null,
    ],
  );
  return result.rows[0]!.body;
}

/** Every live endpoint of the club, oldest first, in the list envelope (not paginated). */
export async function listEndpoints(pool: Pool, clubId: string): Promise<Read> {
  const result = await pool.query<Read>(
    `SELECT cd_render_list(json_agg(cd_render_webhook_endpoint(e) ORDER BY e.created_at, e.id), false,
                           '/v1/webhook_endpoints')::text AS body,
            ${signalSequenceOf('$1')} AS sequence
       FROM webhook_endpoints e
      WHERE e.club_id = $1 AND e.deleted_at IS NULL`,
    [clubId],
  );
  return result.rows[0]!;
}

export async function getEndpoint(pool: Pool, clubId: string, id: string): Promise<Read | null> {
  return readRecord(
    pool,
    `SELECT cd_render_webhook_endpoint(e)::text AS body, ${signalSequenceOf('$1')} AS sequence FROM webhook_endpoints e WHERE ${LIVE}`,
    [clubId, id],
  );
}

/** The endpoint's health in full: its attempts of the last 24 hours and its sync with the club's history. */
export async function getEndpointHealth(pool: Pool, clubId: string, id: string): Promise<Read | null> {
  return readRecord(
    pool,
    `SELECT cd_render_webhook_endpoint_health(e)::text AS body, ${signalSequenceOf('$1')} AS sequence FROM webhook_endpoints e WHERE ${LIVE}`,
    [clubId, id],
  );
}

/**
 * Where an endpoint id belongs, for the command line (an operator knows the id, not its club):
 * its club, and when it was deleted (null while it is live); null when no club has it. Read
 * club by club through the primary key, as listEndpointAttempts reads attempts.
 */
export async function locateEndpoint(pool: Pool, id: string): Promise<{ clubId: string; deletedAt: string | null } | null> {
  const { rows } = await pool.query<{ club_id: string; deleted_at: string | null }>(
    `SELECT e.club_id, cd_utc(e.deleted_at) AS deleted_at
       FROM clubs c
       CROSS JOIN LATERAL (SELECT w.club_id, w.deleted_at FROM webhook_endpoints w WHERE w.club_id = c.club_id AND w.id = $1) e
      LIMIT 1`,
    [id],
  );
  const row = rows[0];
  return row ? { clubId: row.club_id, deletedAt: row.deleted_at } : null;
}

/** What a write is checked against: the endpoint's current subscription and state. */
export interface EndpointState {
  signalTypes: string[];
  scopes: string[];
  status: 'active' | 'disabled';
  disabledReason: string | null;
  signatureScheme: SignatureScheme;
}

/**
 * A check on the endpoint that may refuse the operation by throwing (the API's: the key must
 * hold every scope of the endpoint). Writes run it with the row locked, so the state it sees
 * is the state written over.
 */
export type EndpointGuard = (current: EndpointState) => void;

/**
 * A live endpoint's state, null when there is none; with `lock`, the row stays locked for the
 * rest of the caller's transaction.
 */
async function readEndpointState(
  db: Pool | pg.PoolClient,
  clubId: string,
  id: string,
  lock?: 'UPDATE' | 'SHARE',
): Promise<EndpointState | null> {
  const result = await db.query<{
    signal_types: string[];
    scopes: string[];
    status: 'active' | 'disabled';
    disabled_reason: string | null;
    signature_scheme: SignatureScheme;
  }>(
    `SELECT signal_types, scopes, status, disabled_reason, signature_scheme FROM webhook_endpoints WHERE ${LIVE}${lock ? ` FOR ${lock}` : ''}`,
    [clubId, id],
  );
  const row = result.rows[0];
  if (!row) return null;
  return {
    signalTypes: row.signal_types,
    scopes: row.scopes,
    status: row.status,
    disabledReason: row.disabled_reason,
    signatureScheme: row.signature_scheme,
  };
}

export interface EndpointChanges {
  url?: string | undefined;
  signalTypes?: string[] | undefined;
  scopes?: string[] | undefined;
  description?: string | undefined;
  status?: 'active' | 'disabled' | undefined;
  ordering?: EndpointOrdering | undefined;
  /** Null sets it back to the default. */
  maxInFlight?: number | null | undefined;
  /** Null removes the limit. */
  rateLimit?: number | null | undefined;
}

/**
 * Updates an endpoint. `decide` sees the current state with the row locked, so checks that
 * combine given and stored values (types against scopes) cannot race another update; it
 * returns the changes to write or throws. Disabling sets disabled_reason 'requested' (a
 * disabled endpoint keeps the reason it has) and cancels the pending deliveries, as a deletion
 * does; enabling a disabled endpoint clears the reason and the failure clock. Null when there
 * is no such live endpoint.
 */
export async function updateEndpoint(
  pool: Pool,
  clubId: string,
  id: string,
  decide: (current: EndpointState) => EndpointChanges,
): Promise<string | null> {
  return withTransaction(pool, async (client) => {
    const row = await readEndpointState(client, clubId, id, 'UPDATE');
    if (!row) return null;
    const changes = decide(row);
    const p = new SqlParams();
    p.add(clubId);
    p.add(id);
    const sets: string[] = [];
    if (changes.url !== undefined) sets.push(`url = ${p.add(changes.url)}`);
    if (changes.signalTypes !== undefined) sets.push(`signal_types = ${p.add(changes.signalTypes)}::text[]`);
    if (changes.scopes !== undefined) sets.push(`scopes = ${p.add(changes.scopes)}::text[]`);
    if (changes.description !== undefined) sets.push(`description = ${p.add(changes.description)}`);
    // Read by the endpoint's lane at its next claim (cd_claim_lane): nothing needs waking.
    if (changes.ordering !== undefined) sets.push(`ordering = ${p.add(changes.ordering)}`);
    if (changes.maxInFlight !== undefined) sets.push(`max_in_flight = ${p.add(changes.maxInFlight)}::integer`);
    if (changes.rateLimit !== undefined) sets.push(`rate_limit = ${p.add(changes.rateLimit)}::float8`);
    if (changes.status === 'disabled' && row.status === 'active') {
      sets.push(`status = 'disabled'`, `disabled_reason = 'requested'`);
    }
    if (changes.status === 'active' && row.status === 'disabled') {
      // A run of failures ends with a success, not with enabling (the webhook_endpoint.recovered
      // signal comes then): it goes on, and the endpoint gets its whole window again from now.
      // A run older than disable_at (migration 0026) starts afresh.
      sets.push(
        `status = 'active'`,
        'disabled_reason = NULL',
        'disable_at = now() + (disable_at - failing_since)',
        'failing_since = CASE WHEN disable_at IS NOT NULL THEN failing_since END',
        'failed_attempts = CASE WHEN disable_at IS NOT NULL THEN failed_attempts ELSE 0 END',
      );
    }
    // Nothing to write (say, status active on an active endpoint): the endpoint as it is.
    const result = await client.query<{ body: string }>(
      sets.length > 0
        ? `UPDATE webhook_endpoints e SET ${sets.join(', ')} WHERE ${LIVE} RETURNING cd_render_webhook_endpoint(e)::text AS body`
        : `SELECT cd_render_webhook_endpoint(e)::text AS body FROM webhook_endpoints e WHERE ${LIVE}`,
      p.values,
    );
    if (changes.status === 'disabled' && row.status === 'active') await cancelPendingDeliveries(client, clubId, id);
    return result.rows[0]!.body;
  });
}

/** By the rule the delivery worker also cancels with (cd_cancel_deliveries). */
async function cancelPendingDeliveries(client: pg.PoolClient, clubId: string, endpointId: string): Promise<void> {
  await client.query('SELECT cd_cancel_deliveries($1, $2, NULL)', [clubId, endpointId]);
}

/** A new secret of a scheme, made by the caller: sealed, and how it signs. */
export type SecretMaker = (scheme: SignatureScheme) => { sealedSecret: Buffer; signing: EndpointSigning };

/**
 * A new secret, of the scheme asked for or else the endpoint's own (the endpoint then signs by
 * it); the current one keeps signing beside it, by its own scheme, for 24 hours
 * (docs/webhooks.md "Manage"). Null when there is no such live endpoint; `guard` may refuse
 * first.
 */
export async function rotateSecret(
  pool: Pool,
  clubId: string,
  id: string,
  makeSecret: SecretMaker,
  scheme: SignatureScheme | undefined,
  guard: EndpointGuard = () => {},
): Promise<string | null> {
  return withTransaction(pool, async (client) => {
    const current = await readEndpointState(client, clubId, id, 'UPDATE');
    if (!current) return null;
    guard(current);
    const { sealedSecret, signing } = makeSecret(scheme ?? current.signatureScheme);
    const result = await client.query<{ body: string }>(
      `UPDATE webhook_endpoints e
          SET previous_secret = e.secret, previous_secret_until = now() + interval '24 hours', secret = $3,
              signature_scheme = $4, public_key = $5
        WHERE ${LIVE}
        RETURNING cd_render_webhook_endpoint(e)::text AS body`,
      [clubId, id, sealedSecret, signing.scheme, signing.scheme === 'v1a' ? signing.publicKey : null],
    );
    return result.rows[0]!.body;
  });
}

/**
 * Deletes an endpoint softly (its deliveries and attempts stay, as history for operators) and
 * cancels its pending deliveries in the same transaction, so not even a scheduled retry is
 * sent after the answer. Null when there is no such live endpoint; `guard` may refuse first.
 */
export async function deleteEndpoint(pool: Pool, clubId: string, id: string, guard: EndpointGuard = () => {}): Promise<string | null> {
  return withTransaction(pool, async (client) => {
    const current = await readEndpointState(client, clubId, id, 'UPDATE');
    if (!current) return null;
    guard(current);
    const result = await client.query<{ body: string }>(
      `UPDATE webhook_endpoints e SET deleted_at = now() WHERE ${LIVE}
       RETURNING cd_render_deleted_webhook_endpoint(e)::text AS body`,
      [clubId, id],
    );
    const body = result.rows[0]?.body ?? null;
    if (body !== null) await cancelPendingDeliveries(client, clubId, id);
    return body;
  });
}

/** An attempt's outcome as the attempts log shows and filters it (cd_webhook_attempt_outcome). */
export type AttemptOutcome = 'succeeded' | 'failed';

export interface AttemptListFilter {
  clubId: string;
  endpointId: string;
  limit: number;
  startingAfter: string | undefined;
  outcome?: AttemptOutcome | undefined;
  /** Only attempts to deliver signals of this type; an attempt whose signal retention removed has none. */
  signalType?: string | undefined;
  /** Bounds attempted_at. */
  window?: CreatedWindow | undefined;
  /** May refuse the reading, given the endpoint's state. */
  guard?: EndpointGuard | undefined;
}

/** The attempts log's filters, on delivery_attempts aliased t. */
function attemptConditions(p: SqlParams, filter: Pick<AttemptListFilter, 'outcome' | 'signalType' | 'window'>): string[] {
  return [
    ...(filter.outcome === undefined ? [] : [`cd_webhook_attempt_outcome(t.status_code) = ${p.add(filter.outcome)}`]),
    ...(filter.signalType === undefined
      ? []
      : [`EXISTS (SELECT 1 FROM signals s WHERE s.club_id = t.club_id AND s.sequence = t.signal_sequence AND s.type = ${p.add(filter.signalType)})`]),
    ...(filter.window === undefined ? [] : createdWindowConditions(p, 'attempted_at', filter.window)),
  ];
}

/** Attempts of a live endpoint, newest first; null when there is no such endpoint. */
export async function listAttempts(pool: Pool, filter: AttemptListFilter): Promise<Read | null> {
  const current = await readEndpointState(pool, filter.clubId, filter.endpointId);
  if (current === null) return null;
  filter.guard?.(current);
  return attemptsPage(
    pool,
    { clubId: filter.clubId, limit: filter.limit, startingAfter: filter.startingAfter, url: `/v1/webhook_endpoints/${filter.endpointId}/attempts` },
    (p, alias) => [`${alias}.endpoint_id = ${p.add(filter.endpointId)}`],
    (p) => attemptConditions(p, filter),
  );
}

/** One attempt of a live endpoint: null without the endpoint, a null body without such an attempt of it. */
export async function getAttempt(
  pool: Pool,
  clubId: string,
  endpointId: string,
  attemptId: string,
  guard: EndpointGuard,
): Promise<{ body: string | null } | null> {
  const current = await readEndpointState(pool, clubId, endpointId);
  if (current === null) return null;
  guard(current);
  const { rows } = await pool.query<{ body: string }>(
    `SELECT cd_render_webhook_attempt(t)::text AS body FROM delivery_attempts t WHERE t.club_id = $1 AND t.id = $2 AND t.endpoint_id = $3`,
    [clubId, attemptId, endpointId],
  );
  return { body: rows[0]?.body ?? null };
}

/** What a test signal to an endpoint needs: where to post, how to sign, and the body. */
export interface TestTarget {
  url: string;
  secret: Buffer;
  previousSecret: Buffer | null;
  /** The test signal (docs/webhooks.md, "Sending a test signal"): the endpoint itself as its data.object. */
  body: string;
}

/**
 * A live endpoint's test target, after the guard; null without the endpoint. The body is a
 * signal in the stored signals' shape, of type webhook_endpoint.test and sequence 0: it is in
 * no club's history.
 */
export async function readTestTarget(pool: Pool, clubId: string, id: string, signalId: string, guard: EndpointGuard): Promise<TestTarget | null> {
  const current = await readEndpointState(pool, clubId, id);
  if (current === null) return null;
  guard(current);
  const { rows } = await pool.query<{ url: string; secret: Buffer; previous_secret: Buffer | null; body: string }>(
    `SELECT e.url, e.secret, cd_endpoint_previous_secret(e.previous_secret, e.previous_secret_until) AS previous_secret,
            json_build_object('id', $3::text, 'object', 'signal', 'type', 'webhook_endpoint.test', 'created', cd_utc(now()),
                              'sequence', 0, 'previous_sequence', NULL, 'api_version', 'v1',
                              'data', json_build_object('object', cd_render_webhook_endpoint(e)))::text AS body
       FROM webhook_endpoints e WHERE ${LIVE}`,
    [clubId, id, signalId],
  );
  const row = rows[0];
  return row ? { url: row.url, secret: row.secret, previousSecret: row.previous_secret, body: row.body } : null;
}

/** Records a test signal's attempt in the endpoint's attempts log (it changes no delivery and no health state); the attempt rendered. */
export async function recordTestAttempt(
  pool: Pool,
  attempt: { clubId: string; endpointId: string; signalId: string; attemptedAt: Date; statusCode: number | null; error: string | null; durationMs: number; responseExcerpt: string },
): Promise<string> {
  const { rows } = await pool.query<{ body: string }>(
    `INSERT INTO delivery_attempts AS a (club_id, endpoint_id, signal_id, signal_sequence, attempt_number, attempted_at, status_code, error, duration_ms, response_excerpt)
     VALUES ($1, $2, $3, 0, 1, $4, $5, $6, $7, $8)
     RETURNING cd_render_webhook_attempt(a)::text AS body`,
    [attempt.clubId, attempt.endpointId, attempt.signalId, attempt.attemptedAt, attempt.statusCode, attempt.error, attempt.durationMs, attempt.responseExcerpt],
  );
  return rows[0]!.body;
}

/**
 * A page of attempts, newest first, rendered by cd_render_webhook_attempt: `whose` picks the log
 * (an endpoint's, a signal's) on delivery_attempts aliased as given, and holds for the cursor
 * too; `filters` narrow the page (on alias t).
 */
function attemptsPage(
  pool: Pool,
  request: ListRequest,
  whose: (p: SqlParams, alias: string) => string[],
  filters: (p: SqlParams) => string[],
): Promise<Read> {
  return listPage(
    pool,
    {
      table: 'delivery_attempts',
      sortKey: 'attempted_at',
      order: 'desc',
      render: () => 'cd_render_webhook_attempt(t)',
      where: (p) => [...whose(p, 't'), ...filters(p)],
      cursorWhere: whose,
    },
    request,
  );
}

export interface EndpointHealthSummary {
  /** Live endpoints of every club by state. */
  counts: { healthy: number; failing: number; disabled: number };
  /** Up to `limit` endpoints failing or disabled: the longest failing first, then the latest disabled. */
  unhealthy: { clubId: string; endpointId: string; state: 'failing' | 'disabled'; givenUp: number }[];
}

/** What the pipeline's metrics show of the endpoints' health (workers/5-delivery/health-metrics.ts). */
export async function endpointHealthSummary(pool: Pool, limit: number): Promise<EndpointHealthSummary> {
  const counts = await pool.query<{ healthy: number; failing: number; disabled: number }>(
    `SELECT count(*) FILTER (WHERE status = 'active' AND NOT cd_endpoint_failing(failed_attempts))::int AS healthy,
            count(*) FILTER (WHERE status = 'active' AND cd_endpoint_failing(failed_attempts))::int AS failing,
            count(*) FILTER (WHERE status = 'disabled')::int AS disabled
       FROM webhook_endpoints WHERE deleted_at IS NULL`,
  );
  const unhealthy = await pool.query<{ club_id: string; id: string; state: 'failing' | 'disabled'; given_up: number }>(
    `SELECT e.club_id, e.id, CASE WHEN e.status = 'disabled' THEN 'disabled' ELSE 'failing' END AS state,
            -- As the endpoint object counts them (cd_render_webhook_endpoint), up to its bound.
            (cd_render_webhook_endpoint(e) -> 'health' ->> 'given_up_deliveries')::int AS given_up
       FROM webhook_endpoints e
      WHERE e.deleted_at IS NULL AND (e.status = 'disabled' OR cd_endpoint_failing(e.failed_attempts))
      -- Active and failing first, the longest first; then disabled, the latest first (a disabled
      -- endpoint keeps the failing_since of the streak that disabled it, so that cannot order them).
      ORDER BY e.status = 'disabled', CASE WHEN e.status = 'active' THEN e.failing_since END, e.updated_at DESC, e.id
      LIMIT $1`,
    [limit],
  );
  return {
    counts: counts.rows[0]!,
    unhealthy: unhealthy.rows.map((r) => ({ clubId: r.club_id, endpointId: r.id, state: r.state, givenUp: r.given_up })),
  };
}

export interface SignalAttemptListFilter {
  clubId: string;
  signalId: string;
  /** The key's scopes: the signal must be among those it may read, and only endpoints holding no other scope are shown. */
  scopes: string[];
  limit: number;
  startingAfter: string | undefined;
  outcome?: AttemptOutcome | undefined;
}

/**
 * A signal's attempts to every live endpoint of the club whose every scope the key holds (as the
 * attempts log of each needs), newest first; null when the club has no such signal the key may
 * read.
 */
export async function listSignalAttempts(pool: Pool, filter: SignalAttemptListFilter): Promise<Read | null> {
  const { rowCount } = await pool.query('SELECT 1 FROM signals WHERE club_id = $1 AND id = $2 AND scope = ANY ($3::text[])', [
    filter.clubId,
    filter.signalId,
    filter.scopes,
  ]);
  if (rowCount === 0) return null;
  return attemptsPage(
    pool,
    { clubId: filter.clubId, limit: filter.limit, startingAfter: filter.startingAfter, url: `/v1/signals/${filter.signalId}/attempts` },
    // The endpoints the key may see, for the page and for its cursor alike.
    (p, alias) => [
      `${alias}.signal_id = ${p.add(filter.signalId)}`,
      `EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.club_id = ${alias}.club_id AND e.id = ${alias}.endpoint_id AND e.deleted_at IS NULL
                  AND e.scopes <@ ${p.add(filter.scopes)}::text[])`,
    ],
    (p) => attemptConditions(p, filter),
  );
}

/**
 * The one rule by which a signal is queued again for an endpoint (recovery, resend): the
 * endpoint's signals matching `signals` (a condition on signals s) that it subscribes to get a
 * new pending delivery, or their delivery is reset to pending, due now, from the first attempt.
 * A pending one already due is left as it is: its attempt is under way, claimed or about to be,
 * and resetting it would not send it sooner, while that attempt's record would count it on its
 * old schedule (docs/webhooks.md, "Recovering missed deliveries"). A succeeded delivery is
 * queued again only with `succeededToo`. An INSERT ... RETURNING 1 per delivery queued.
 */
function requeue(club: string, endpointId: string, signals: string, { succeededToo }: { succeededToo: boolean }): string {
  return `INSERT INTO deliveries AS d (club_id, endpoint_id, signal_sequence, signal_id, resource_id, status, attempts, next_attempt_at)
         SELECT s.club_id, e.id, s.sequence, s.id, s.resource_id, 'pending', 0, now()
           FROM webhook_endpoints e
           JOIN signals s ON s.club_id = e.club_id
          WHERE e.club_id = ${club} AND e.id = ${endpointId} AND ${signals}
            AND cd_endpoint_matches(e, s.type, s.resource_id)
            ${
              succeededToo
                ? ''
                : `AND NOT EXISTS (
              SELECT 1 FROM deliveries done
               WHERE done.club_id = s.club_id AND done.endpoint_id = e.id
                 AND done.signal_sequence = s.sequence AND done.status = 'succeeded'
            )`
            }
         ON CONFLICT (club_id, endpoint_id, signal_sequence) DO UPDATE
            SET status = 'pending', attempts = 0, next_attempt_at = now(), completed_at = NULL
          WHERE ${succeededToo ? '' : `d.status <> 'succeeded' AND `}NOT (d.status = 'pending' AND d.next_attempt_at <= now())
         RETURNING 1`;
}

/**
 * What sends an endpoint signals again (recovery, resend) first checks, with the endpoint row
 * share-locked for the rest of the transaction: it exists (else `missing`), the guard lets the
 * caller act on it, and it is active (else `disabled`, with why). Null when all hold.
 */
async function refuseUnlessActive(
  client: pg.PoolClient,
  request: { clubId: string; endpointId: string; guard?: EndpointGuard | undefined },
): Promise<{ outcome: 'missing' } | { outcome: 'disabled'; reason: string } | null> {
  const row = await readEndpointState(client, request.clubId, request.endpointId, 'SHARE');
  if (!row) return { outcome: 'missing' };
  request.guard?.(row);
  if (row.status !== 'active') return { outcome: 'disabled', reason: row.disabledReason ?? row.status };
  return null;
}

export interface ResendRequest {
  clubId: string;
  endpointId: string;
  signalId: string;
  /** The key's scopes: a signal it may not read is no signal to it. */
  scopes: string[];
  /** May refuse the resend, given the endpoint's state (checked with the row locked). */
  guard?: EndpointGuard | undefined;
}

export type ResendResult =
  | { outcome: 'queued'; body: string }
  | { outcome: 'missing' }
  | { outcome: 'disabled'; reason: string }
  | { outcome: 'no_signal' }
  | { outcome: 'not_subscribed'; type: string };

/**
 * Sends one signal to the endpoint again, whatever became of its delivery (succeeded, given up,
 * canceled, waiting for a retry, or never made), by the rule recovery uses (requeue). The
 * delivery keeps the signal's id, so the receiver sees the same webhook-id; its lane sends it
 * in the endpoint's order and at its pace. `queued` in the answer is false when the delivery was
 * already due and under way. The endpoint row is share-locked, as in recoverDeliveries.
 */
export async function resendSignal(pool: Pool, request: ResendRequest): Promise<ResendResult> {
  return withTransaction(pool, async (client) => {
    const refused = await refuseUnlessActive(client, request);
    if (refused) return refused;
    const found = await client.query<{ sequence: string; type: string; matches: boolean }>(
      `SELECT s.sequence, s.type, cd_endpoint_matches(e, s.type, s.resource_id) AS matches
         FROM signals s JOIN webhook_endpoints e ON e.club_id = s.club_id AND e.id = $2
        WHERE s.club_id = $1 AND s.id = $3 AND s.scope = ANY ($4::text[])`,
      [request.clubId, request.endpointId, request.signalId, request.scopes],
    );
    const signal = found.rows[0];
    if (!signal) return { outcome: 'no_signal' } as const;
    if (!signal.matches) return { outcome: 'not_subscribed', type: signal.type } as const;
    const p = new SqlParams();
    const club = p.add(request.clubId);
    const endpointId = p.add(request.endpointId);
    const signalId = p.add(request.signalId);
    const sequence = p.add(signal.sequence);
    const result = await client.query<{ body: string }>(
      `WITH queued AS (${requeue(club, endpointId, `s.sequence = ${sequence}::bigint`, { succeededToo: true })})
       SELECT json_build_object('object', 'resend', 'endpoint_id', ${endpointId}::text, 'signal_id', ${signalId}::text,
                                'queued', EXISTS (SELECT 1 FROM queued))::text AS body`,
      p.values,
    );
    // Sent at commit: the pipeline wakes the endpoint's lane at once (workers/3-relay/relay.ts).
    await client.query(`SELECT pg_notify('clubdata_lanes', $1 || ' ' || $2)`, [request.clubId, request.endpointId]);
    return { outcome: 'queued', body: result.rows[0]!.body } as const;
  });
}

export interface RecoveryRequest {
  clubId: string;
  endpointId: string;
  /**
   * The window on the signals' emit time (stored at millisecond precision): `fromMs`
   * inclusive, `untilMs` exclusive; no `untilMs` means up to the database's now().
   */
  window: { fromMs: number; untilMs: number | undefined };
  /** May refuse the recovery, given the endpoint's state (checked with the row locked). */
  guard?: EndpointGuard | undefined;
}

export type RecoveryResult = { outcome: 'queued'; body: string } | { outcome: 'missing' } | { outcome: 'disabled'; reason: string };

/**
 * Queues again every signal of the window that the endpoint matches and that has no succeeded
 * delivery to it, by the rule of requeue. The delivery pipeline picks pending rows up. The
 * endpoint row is share-locked, so a concurrent deletion or disabling either happens before
 * (and this finds it gone or disabled) or after (and cancels what this queued).
 */
export async function recoverDeliveries(pool: Pool, request: RecoveryRequest): Promise<RecoveryResult> {
  return withTransaction(pool, async (client) => {
    const refused = await refuseUnlessActive(client, request);
    if (refused) return refused;
    const p = new SqlParams();
    const club = p.add(request.clubId);
    const endpointId = p.add(request.endpointId);
    const { fromMs, untilMs } = request.window;
    const since = addTimestamptz(p, BigInt(fromMs) * 1000n);
    const untilCondition = untilMs === undefined ? 's.created_at <= now()' : `s.created_at < ${addTimestamptz(p, BigInt(untilMs) * 1000n)}`;
    // The answer states the window as applied: both ends inclusive, in the milliseconds shown.
    const until = untilMs === undefined ? 'now()' : addTimestamptz(p, BigInt(untilMs - 1) * 1000n);
    const signals = `s.created_at >= ${since} AND ${untilCondition}`;
    const result = await client.query<{ body: string }>(
      `WITH queued AS (${requeue(club, endpointId, signals, { succeededToo: false })})
       SELECT json_build_object(
                'object', 'recovery',
                'endpoint_id', ${endpointId}::text,
                'since', cd_utc(${since}),
                'until', cd_utc(${until}),
                'queued', (SELECT count(*) FROM queued)
              )::text AS body`,
      p.values,
    );
    // Sent at commit: the pipeline wakes the endpoint's lane at once (workers/3-relay/relay.ts).
    await client.query(`SELECT pg_notify('clubdata_lanes', $1 || ' ' || $2)`, [request.clubId, request.endpointId]);
    return { outcome: 'queued', body: result.rows[0]!.body } as const;
  });
}
