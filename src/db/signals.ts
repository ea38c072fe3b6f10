// The signal history. Bodies are the stored copies: returned byte for byte, never re-rendered.
import { CursorExpired, InvalidInput } from '../domain/errors.ts';
import type { CreatedWindow } from '../domain/timestamps.ts';
import { listPage, refusalsHolding, throwRefusal, type ListRefusal } from './list.ts';
import { SqlParams } from './sql.ts';
import type { Pool } from './pool.ts';
import { readRecord } from './sql.ts';
import { signalSequenceOf, type Read } from './watermark.ts';
import { createdWindowConditions } from './time-window.ts';

export interface SignalListFilter {
  clubId: string;
  scopes: string[];
  limit: number;
  startingAfter: string | undefined;
  /** The signals after this sequence (ascending order only; not with startingAfter). */
  afterSequence: number | undefined;
  order: 'asc' | 'desc';
  type: string | undefined;
  resourceId: string | undefined;
  /** Applied to the emit time, stored already cut to the millisecond the API shows. */
  window: CreatedWindow;
}

/** The SQL of the sequence through which retention has pruned the club's signals (0: none). */
const prunedThrough = (club: string) => `coalesce((SELECT h.pruned_through FROM signal_horizons h WHERE h.club_id = ${club}), 0)`;

const listAgain = 'List again without a cursor (or from the Signal-Sequence of a fresh read) and follow on from there.';

/**
 * Why a reader cannot resume where it asks, checked in the snapshot of the read itself. A cursor
 * in pruned history would silently skip the signals retention removed after it; one ahead of the
 * club's history names another club's or a restored database's sequence, and would wait forever
 * for signals that come under lower numbers. `param` names the cursor in the error.
 */
function resumeRefusals(
  p: SqlParams,
  clubId: string,
  cursor: { afterSequence?: number | undefined; startingAfter?: string | undefined; param?: string },
): ListRefusal[] {
  const { afterSequence, startingAfter } = cursor;
  const refusals: ListRefusal[] = [];
  if (afterSequence === undefined && startingAfter === undefined) return refusals;
  const club = p.add(clubId);
  if (afterSequence !== undefined) {
    const param = cursor.param ?? 'after_sequence';
    const after = p.add(afterSequence);
    refusals.push(
      {
        when: `${after}::bigint < ${prunedThrough(club)}`,
        error: () => new CursorExpired(param, `Signals after sequence ${afterSequence} have been removed by retention. ${listAgain}`),
      },
      {
        when: `${after}::bigint > ${signalSequenceOf(club)}::bigint`,
        error: () => new InvalidInput(param, `Invalid ${param}: ${afterSequence} is ahead of this club's last signal sequence.`),
      },
    );
  }
  if (startingAfter !== undefined) {
    const id = p.add(startingAfter);
    refusals.push({
      when: `NOT EXISTS (SELECT 1 FROM signals c WHERE c.club_id = ${club} AND c.id = ${id})
             AND cd_signal_id_sequence(${id}) <= ${prunedThrough(club)}`,
      error: () => new CursorExpired('starting_after', `Signal ${startingAfter} has been removed by retention. ${listAgain}`),
    });
  }
  return refusals;
}

/** The signals a reader is shown (alias `a`): those its key's scopes cover, of its one type if it gave one. */
function shownTo(p: SqlParams, a: string, reader: { scopes: string[]; type: string | undefined }): string[] {
  return [`${a}.scope = ANY (${p.add(reader.scopes)}::text[])`, ...(reader.type === undefined ? [] : [`${a}.type = ${p.add(reader.type)}`])];
}

export function listSignals(pool: Pool, filter: SignalListFilter): Promise<Read> {
  const { afterSequence, startingAfter } = filter;
  return listPage(
    pool,
    {
      table: 'signals',
      sortKey: 'sequence',
      order: filter.order,
      render: () => '(t).body::json',
      refusals: (p) => resumeRefusals(p, filter.clubId, { afterSequence, startingAfter }),
      where: (p) => [
        ...(afterSequence === undefined ? [] : [`t.sequence > ${p.add(afterSequence)}`]),
        ...shownTo(p, 't', filter),
        ...(filter.resourceId === undefined ? [] : [`t.resource_id = ${p.add(filter.resourceId)}`]),
        ...createdWindowConditions(p, 'created_at', filter.window),
      ],
    },
    { clubId: filter.clubId, limit: filter.limit, startingAfter: filter.startingAfter, url: '/v1/signals' },
  );
}

export interface SignalFollow {
  clubId: string;
  scopes: string[];
  type: string | undefined;
  /** The sequence the reader has: the signals after it are read; null: from the club's last sequence now. */
  after: number | null;
  limit: number;
  /** Names the cursor in a refusal (after_sequence, or the Last-Event-ID header). */
  param: string;
}

export interface SignalBatch {
  /** The stored copies after the cursor, in sequence order, those the scopes and the type allow. */
  signals: { sequence: number; body: string }[];
  /**
   * Where the reader is once it has these: the last one's sequence when the batch is full, else
   * the club's last sequence in the same snapshot, since every signal up to it was visible then.
   */
  through: number;
}

/**
 * The next signals after a sequence, for a reader following the club (the signal stream), with
 * the resume rules of the list (410 cursor_expired, 400 ahead) checked in the same snapshot.
 */
export async function readSignalsAfter(pool: Pool, follow: SignalFollow): Promise<SignalBatch> {
  const p = new SqlParams();
  const refusals = resumeRefusals(p, follow.clubId, { afterSequence: follow.after ?? undefined, param: follow.param });
  const club = p.add(follow.clubId);
  const conditions = [
    `s.club_id = ${club}`,
    `s.sequence > coalesce(${p.add(follow.after)}::bigint, h.watermark::bigint)`,
    ...shownTo(p, 's', follow),
  ];
  const { rows } = await pool.query<{ refused: boolean[]; watermark: string; sequence: string | null; body: string | null }>(
    `SELECT h.refused, h.watermark, s.sequence, s.body
       FROM (SELECT ${refusalsHolding(refusals)} AS refused,
                    ${signalSequenceOf(club)} AS watermark) h
       LEFT JOIN LATERAL (
         SELECT s.sequence, s.body FROM signals s WHERE ${conditions.join(' AND ')} ORDER BY s.sequence LIMIT ${p.add(follow.limit)}
       ) s ON true`,
    p.values,
  );
  throwRefusal(refusals, rows[0]!.refused);
  const signals = rows.filter((row) => row.sequence !== null).map((row) => ({ sequence: Number(row.sequence), body: row.body! }));
  const full = signals.length === follow.limit;
  return { signals, through: full ? signals[signals.length - 1]!.sequence : Number(rows[0]!.watermark) };
}

export async function getSignal(pool: Pool, clubId: string, id: string, scopes: string[]): Promise<Read | null> {
  return readRecord(
    pool,
    `SELECT body, ${signalSequenceOf('$1')} AS sequence FROM signals WHERE club_id = $1 AND id = $2 AND scope = ANY ($3::text[])`,
    [clubId, id, scopes],
  );
}

/**
 * Deletes signals older than the retention, club by club, with their deliveries, and records how
 * far each club's history now starts (signal_horizons), in the same statement; returns how many
 * signals went. Emit times rise with sequences within a club, so what goes is always the start of
 * its history, and the deliveries that go are those below its new start: also one a fan-out
 * racing an earlier prune made for a signal being deleted. Attempts stay: the attempts log
 * outlives its deliveries, as it outlives a deleted endpoint.
 */
export async function pruneSignals(pool: Pool, retentionDays: number): Promise<number> {
  const clubs = await pool.query<{ club_id: string }>('SELECT club_id FROM clubs');
  let deleted = 0;
  for (const { club_id } of clubs.rows) {
    const result = await pool.query<{ deleted: number }>(
      `WITH gone AS (
         DELETE FROM signals WHERE club_id = $1 AND created_at < now() - make_interval(days => $2) RETURNING sequence
       ), deliveries_gone AS (
         DELETE FROM deliveries d WHERE d.club_id = $1 AND d.signal_sequence <= (SELECT max(sequence) FROM gone)
       ), horizon AS (
         INSERT INTO signal_horizons AS h (club_id, pruned_through)
         SELECT $1, max(sequence) FROM gone HAVING count(*) > 0
         ON CONFLICT (club_id) DO UPDATE SET pruned_through = greatest(h.pruned_through, EXCLUDED.pruned_through)
       )
       SELECT count(*)::int AS deleted FROM gone`,
      [club_id, retentionDays],
    );
    deleted += result.rows[0]!.deleted;
  }
  return deleted;
}
