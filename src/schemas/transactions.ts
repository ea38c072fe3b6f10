import { Type, type TSchema } from 'typebox';
import { ApiError } from '../errors.ts';
import { ListEnvelope, PageQuery, TimestampBound } from './common.ts';

export const TransactionSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('transaction'),
    order_id: Type.String({ description: 'The order charged or refunded; itemised at GET /v1/orders/{id}' }),
    amount: Type.Integer({ description: 'Minor units; negative for a refund' }),
    currency: Type.String({ description: 'ISO 4217 code, lower case', examples: ['usd'] }),
    charge_type: Type.String({
      description: 'How the money moved: card, cash, bank_transfer or account_credit',
      examples: ['card'],
    }),
    created_at: Type.String({
      description: "UTC timestamp, millisecond precision, trailing Z; for a refund, the refund's own time",
      examples: ['2026-11-21T18:04:05.120Z'],
    }),
  },
  { $id: 'Transaction', additionalProperties: false, description: 'One settled charge or refund' },
);

// The inclusive `created_after` / `created_before` window shared by the waiver, order and
// transaction lists (and bound to the record's own timestamp by each list).
export const CreatedWindowQuery = {
  created_after: Type.Optional(TimestampBound),
  created_before: Type.Optional(TimestampBound),
};

export const TransactionListQuery = Type.Object({ ...PageQuery, ...CreatedWindowQuery }, { additionalProperties: false });

export const TransactionList = ListEnvelope(Type.Ref('Transaction'), 'The ledger, oldest first');

export const schemas: TSchema[] = [TransactionSchema];

/**
 * A record is inside the window when its timestamp, as the API shows it (UTC, whole
 * milliseconds), lies between the bounds, both inclusive. Stored times carry microseconds, so a
 * bound copied from a response must still match the record it was copied from: the window is
 * therefore kept in whole milliseconds, `fromMs` inclusive and `untilMs` exclusive.
 */
export interface CreatedWindow {
  fromMs: number | undefined;
  untilMs: number | undefined;
}

interface Instant {
  /** Epoch milliseconds, rounded down. */
  ms: number;
  /** Digits of the fraction beyond milliseconds, trailing zeros dropped ('' when none). */
  subMs: string;
}

// What the `date-time` format has already accepted: date, T or a space, time with an optional
// fraction, then Z or an offset of hours with optional minutes.
const TIMESTAMP = /^(\d{4})-(\d\d)-(\d\d)[Tt\s](\d\d):(\d\d):(\d\d)(?:\.(\d+))?(?:[Zz]|([+-])(\d\d)(?::?(\d\d))?)$/;

// Parsed here rather than by PostgreSQL: the format allows years from 0000 and offsets up to
// ±23:59, which PostgreSQL refuses, and a refusal there would surface as a 500.
function parseInstant(param: string, value: string): Instant {
  const m = TIMESTAMP.exec(value);
  if (!m) {
    throw ApiError.invalidParam(param, `Invalid ${param}: must be an ISO 8601 timestamp with a UTC offset or Z.`);
  }
  const [, year, month, day, hour, minute, second, fraction = '', sign, offsetHours = '0', offsetMinutes = '0'] = m;
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years 0-99 as they are.
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  date.setUTCHours(Number(hour), Number(minute), Number(second), Number(fraction.slice(0, 3).padEnd(3, '0')));
  const offsetMs = (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000 * (sign === '-' ? -1 : 1);
  return { ms: date.getTime() - offsetMs, subMs: fraction.slice(3).replace(/0+$/, '') };
}

function compareInstants(a: Instant, b: Instant): number {
  if (a.ms !== b.ms) return a.ms - b.ms;
  const width = Math.max(a.subMs.length, b.subMs.length);
  const x = a.subMs.padEnd(width, '0');
  const y = b.subMs.padEnd(width, '0');
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Reads created_after / created_before; a window that ends before it starts is refused. */
export function readCreatedWindow(query: { created_after?: string | undefined; created_before?: string | undefined }): CreatedWindow {
  const after = query.created_after === undefined ? undefined : parseInstant('created_after', query.created_after);
  const before = query.created_before === undefined ? undefined : parseInstant('created_before', query.created_before);
  if (after && before && compareInstants(after, before) > 0) {
    throw ApiError.invalidParam(
      'created_before',
      `Invalid created_before: it is earlier than created_after (${query.created_after}); both bounds are inclusive, so they may be equal.`,
    );
  }
  return {
    // The shown time is rounded down, so a bound with a fraction of a millisecond starts at the next one.
    fromMs: after === undefined ? undefined : after.ms + (after.subMs === '' ? 0 : 1),
    untilMs: before === undefined ? undefined : before.ms + 1,
  };
}
