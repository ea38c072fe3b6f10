// Fixture writers for the club's data: one per table group, each writing plain parameterised SQL
// the way the platform writes these tables. Every writer sets the whole row it knows about; an
// option left out takes the table's own default, so a test spells out only what it asserts.
// - Ids are optional; when omitted they are `<prefix>_<uid()>`. Each writer returns its id.
// - Timestamps are ISO instants given by the caller; NOW stands for the database's now().
// - Business dates are club-local calendar days ('2026-03-07'), given by the caller: a fixture
//   never works out which day an instant falls on, since that is what the API is tested for.
// - Writers that fill child tables too (booking courts, session time slots, order line items)
//   run one statement per row, outside any transaction, as the tests always have.
import type { Pool } from '../src/db/pool.ts';
import { uid } from './helper.ts';

/** PostgreSQL reads the timestamp input 'now' as the transaction's start time: what now() gives. */
export const NOW = 'now';

export interface CustomerFields {
  id?: string;
  /** Defaults to `<id>@example.com`. */
  email?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  firstBecameCustomerAt?: string;
  archivedAt?: string | null;
}

export async function insertCustomer(pool: Pool, clubId: string, f: CustomerFields = {}): Promise<string> {
  const id = f.id ?? `cus_${uid()}`;
  await pool.query(
    `INSERT INTO customers (club_id, id, email, first_name, last_name, phone, first_became_customer_at, archived_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      clubId,
      id,
      f.email ?? `${id}@example.com`,
      f.firstName ?? '',
      f.lastName ?? '',
      f.phone ?? '',
      f.firstBecameCustomerAt ?? NOW,
      f.archivedAt ?? null,
    ],
  );
  return id;
}

export async function insertSpaceCategory(pool: Pool, clubId: string, f: { id?: string; name?: string } = {}): Promise<string> {
  const id = f.id ?? `spc_${uid()}`;
  await pool.query('INSERT INTO space_categories (club_id, id, name) VALUES ($1, $2, $3)', [clubId, id, f.name ?? 'Courts']);
  return id;
}

export interface SpaceFields {
  id?: string;
  /** Omitted: the space gets a 'Courts' category of its own. */
  categoryId?: string;
  name: string;
  /** Defaults to the name. */
  shortName?: string;
  visibility?: 'public' | 'members_only' | 'hidden';
  position?: number;
}

export async function insertSpace(pool: Pool, clubId: string, f: SpaceFields): Promise<string> {
  const categoryId = f.categoryId ?? (await insertSpaceCategory(pool, clubId));
  const id = f.id ?? `spa_${uid()}`;
  await pool.query(
    `INSERT INTO spaces (club_id, id, category_id, name, short_name, visibility, position) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [clubId, id, categoryId, f.name, f.shortName ?? f.name, f.visibility ?? 'public', f.position ?? 0],
  );
  return id;
}

export interface EventFields {
  id?: string;
  eventType?: string;
  title: string;
  open?: boolean;
  privacy?: 'public' | 'private';
  maxParticipants?: number;
  /** Every event has a host (migrations/0019_event_host_required.sql). */
  hostCustomerId: string;
  createdAt?: string;
  canceledAt?: string | null;
}

export async function insertEvent(pool: Pool, clubId: string, f: EventFields): Promise<string> {
  const id = f.id ?? `evt_${uid()}`;
  await pool.query(
    `INSERT INTO events (club_id, id, event_type, title, open, privacy, max_participants, host_customer_id, created_at, canceled_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      clubId,
      id,
      f.eventType ?? 'league',
      f.title,
      f.open ?? true,
      f.privacy ?? 'public',
      f.maxParticipants ?? 8,
      f.hostCustomerId,
      f.createdAt ?? NOW,
      f.canceledAt ?? null,
    ],
  );
  return id;
}

export interface TimeSlotFields {
  start: string;
  end: string;
  spaceIds: string[];
}

export interface SessionFields {
  eventId: string;
  businessDate: string;
  start: string;
  end: string;
  /** The session's time slots; by default none. */
  timeSlots?: TimeSlotFields[];
  /** Shorthand for one time slot spanning the whole session on these spaces (none when empty). */
  spaceIds?: string[];
}

/** An event session and its time slots. Returns nothing: a session is keyed by its event and day. */
export async function insertSession(pool: Pool, clubId: string, f: SessionFields): Promise<void> {
  await pool.query(
    'INSERT INTO event_sessions (club_id, event_id, business_date, starts_at, ends_at) VALUES ($1, $2, $3, $4, $5)',
    [clubId, f.eventId, f.businessDate, f.start, f.end],
  );
  const slots = f.timeSlots ?? (f.spaceIds?.length ? [{ start: f.start, end: f.end, spaceIds: f.spaceIds }] : []);
  for (const slot of slots) {
    const slotId = `ets_${uid()}`;
    await pool.query(
      'INSERT INTO event_time_slots (club_id, id, event_id, business_date, starts_at, ends_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [clubId, slotId, f.eventId, f.businessDate, slot.start, slot.end],
    );
    for (const spaceId of slot.spaceIds) {
      await pool.query('INSERT INTO event_time_slot_spaces (club_id, time_slot_id, space_id) VALUES ($1, $2, $3)', [
        clubId,
        slotId,
        spaceId,
      ]);
    }
  }
}

export interface ParticipantFields {
  id?: string;
  eventId: string;
  customerId: string;
  checkInStatus?: 'not_checked_in' | 'checked_in' | 'no_show';
  joinedAt?: string;
  removedAt?: string | null;
}

export async function insertParticipant(pool: Pool, clubId: string, f: ParticipantFields): Promise<string> {
  const id = f.id ?? `par_${uid()}`;
  await pool.query(
    `INSERT INTO participants (club_id, id, event_id, customer_id, check_in_status, joined_at, removed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [clubId, id, f.eventId, f.customerId, f.checkInStatus ?? 'not_checked_in', f.joinedAt ?? NOW, f.removedAt ?? null],
  );
  return id;
}

export interface BookingSpaceFields {
  spaceId: string;
  start: string;
  end: string;
}

export interface BookingFields {
  id?: string;
  customerId: string;
  title?: string | null;
  businessDate: string;
  start: string;
  end: string;
  open?: boolean;
  privacy?: 'public' | 'private';
  partySize?: number;
  participantCount?: number;
  maxParticipants?: number;
  createdAt?: string;
  /** Set: the booking is cancelled (status follows canceled_at, as the table requires). */
  canceledAt?: string | null;
  /** The courts it holds, one row each, in this order. */
  spaces?: BookingSpaceFields[];
}

export async function insertBooking(pool: Pool, clubId: string, f: BookingFields): Promise<string> {
  const id = f.id ?? `bkg_${uid()}`;
  await pool.query(
    `INSERT INTO bookings (club_id, id, customer_id, title, business_date, starts_at, ends_at, open, privacy, party_size,
                           participant_count, max_participants, status, created_at, canceled_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
             CASE WHEN $14::timestamptz IS NULL THEN 'confirmed' ELSE 'canceled' END, $13, $14)`,
    [
      clubId,
      id,
      f.customerId,
      f.title ?? null,
      f.businessDate,
      f.start,
      f.end,
      f.open ?? false,
      f.privacy ?? 'private',
      f.partySize ?? 1,
      f.participantCount ?? 1,
      f.maxParticipants ?? 4,
      f.createdAt ?? NOW,
      f.canceledAt ?? null,
    ],
  );
  for (const s of f.spaces ?? []) {
    await pool.query(
      'INSERT INTO booking_spaces (club_id, booking_id, space_id, starts_at, ends_at) VALUES ($1, $2, $3, $4, $5)',
      [clubId, id, s.spaceId, s.start, s.end],
    );
  }
  return id;
}

export interface CoachFields {
  id?: string;
  firstName: string;
  lastName?: string;
  title?: string;
  bio?: string;
  avatarUrl?: string;
  /** Defaults to the lower-cased names joined by a hyphen. */
  slug?: string;
  lessonBookingEnabled?: boolean;
  status?: 'active' | 'archived';
  position?: number;
}

export async function insertCoach(pool: Pool, clubId: string, f: CoachFields): Promise<string> {
  const id = f.id ?? `coach_${uid()}`;
  const lastName = f.lastName ?? '';
  await pool.query(
    `INSERT INTO coaches (club_id, id, first_name, last_name, title, bio, avatar_url, slug, lesson_booking_enabled, status, position)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      clubId,
      id,
      f.firstName,
      lastName,
      f.title ?? '',
      f.bio ?? '',
      f.avatarUrl ?? '',
      f.slug ?? [f.firstName, lastName].filter((name) => name !== '').join('-').toLowerCase(),
      f.lessonBookingEnabled ?? true,
      f.status ?? 'active',
      f.position ?? 0,
    ],
  );
  return id;
}

export interface WaiverFields {
  id?: string;
  customerId: string;
  waiverVersion: number;
  signedAt: string;
  signedForMinor?: boolean;
  invalidatedAt?: string | null;
  createdAt?: string;
}

export async function insertWaiver(pool: Pool, clubId: string, f: WaiverFields): Promise<string> {
  const id = f.id ?? `wvr_${uid()}`;
  await pool.query(
    `INSERT INTO waiver_signatures (club_id, id, customer_id, waiver_version, signed_at, signed_for_minor, invalidated_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [clubId, id, f.customerId, f.waiverVersion, f.signedAt, f.signedForMinor ?? false, f.invalidatedAt ?? null, f.createdAt ?? NOW],
  );
  return id;
}

export interface LineItemFields {
  position: number;
  description: string;
  quantity: number;
  unitAmount: number;
}

export interface OrderFields {
  id?: string;
  customerId: string;
  status?: 'open' | 'paid' | 'partially_refunded' | 'refunded' | 'void';
  currency?: string;
  createdAt?: string;
  /** Written one row each, in this order. */
  lineItems?: LineItemFields[];
}

export async function insertOrder(pool: Pool, clubId: string, f: OrderFields): Promise<string> {
  const id = f.id ?? `ord_${uid()}`;
  await pool.query(
    `INSERT INTO orders (club_id, id, customer_id, status, currency, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [clubId, id, f.customerId, f.status ?? 'paid', f.currency ?? 'usd', f.createdAt ?? NOW],
  );
  for (const item of f.lineItems ?? []) {
    await pool.query(
      `INSERT INTO order_line_items (club_id, order_id, position, description, quantity, unit_amount)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [clubId, id, item.position, item.description, item.quantity, item.unitAmount],
    );
  }
  return id;
}

export interface TransactionFields {
  id?: string;
  orderId: string;
  amount: number;
  currency?: string;
  chargeType?: 'card' | 'cash' | 'bank_transfer' | 'account_credit';
  createdAt?: string;
}

export async function insertTransaction(pool: Pool, clubId: string, f: TransactionFields): Promise<string> {
  const id = f.id ?? `txn_${uid()}`;
  await pool.query(
    `INSERT INTO transactions (club_id, id, order_id, amount, currency, charge_type, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [clubId, id, f.orderId, f.amount, f.currency ?? 'usd', f.chargeType ?? 'card', f.createdAt ?? NOW],
  );
  return id;
}
