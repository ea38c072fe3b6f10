-- The schema as the first eleven migrations left it (0001_core_helpers to
-- 0011_signal_sequence_per_transaction), tables, indexes, constraints and trigger bindings only.
-- A database migrated by those files adopts this one instead of running it (src/db/migrate.ts).
--
-- The functions it names (column defaults, checks, trigger bindings) are defined in sql/; the
-- runner loads the ones listed on the requires line before this file runs.
--
-- requires: cd_new_id cd_is_timezone tg__touch_updated_at tg__signals_immutable tg__signal_touch tg__signal_emit


-- The club's data, as the platform writes it. Every primary key leads with club_id and every
-- query filters by it, so that the data can be sharded by club later. docs/data-model.md
-- describes which columns a writer sets.

CREATE TABLE clubs (
  club_id                 text PRIMARY KEY DEFAULT cd_new_id('club'),
  name                    text NOT NULL CHECK (name <> ''),
  timezone                text NOT NULL CHECK (cd_is_timezone(timezone)),
  billing_model           text NOT NULL DEFAULT 'subscriptions' CHECK (billing_model IN ('subscriptions', 'legacy')),
  api_access              boolean NOT NULL DEFAULT true,
  -- A signature older than this is `expired`; one below the required version is `invalidated`.
  waiver_validity         interval NOT NULL DEFAULT interval '365 days' CHECK (waiver_validity > interval '0'),
  waiver_version_required integer NOT NULL DEFAULT 1 CHECK (waiver_version_required >= 1),
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
  club_id     text NOT NULL REFERENCES clubs (club_id),
  id          text NOT NULL DEFAULT cd_new_id('key'),
  name        text NOT NULL DEFAULT '',
  key_hash    bytea NOT NULL UNIQUE,          -- SHA-256 of the full key; the key itself is never stored
  key_last4   text NOT NULL,
  scopes      text[] NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz,
  revoked_at  timestamptz,
  PRIMARY KEY (club_id, id)
);
CREATE UNIQUE INDEX api_keys_id_key ON api_keys (id);

CREATE TABLE customers (
  club_id                  text NOT NULL REFERENCES clubs (club_id),
  id                       text NOT NULL DEFAULT cd_new_id('cus'),
  email                    text NOT NULL,
  first_name               text NOT NULL DEFAULT '',
  last_name                text NOT NULL DEFAULT '',
  phone                    text NOT NULL DEFAULT '',
  first_became_customer_at timestamptz NOT NULL DEFAULT now(),
  created_at               timestamptz NOT NULL DEFAULT now(),
  updated_at               timestamptz NOT NULL DEFAULT now(),
  archived_at              timestamptz,
  PRIMARY KEY (club_id, id)
);
CREATE INDEX customers_list_idx ON customers (club_id, first_became_customer_at, id);
CREATE INDEX customers_email_idx ON customers (club_id, lower(email));

CREATE TABLE products (
  club_id text NOT NULL REFERENCES clubs (club_id),
  id      text NOT NULL DEFAULT cd_new_id('prod'),
  name    text NOT NULL,
  slug    text NOT NULL,
  PRIMARY KEY (club_id, id)
);

CREATE TABLE plans (
  club_id    text NOT NULL,
  id         text NOT NULL DEFAULT cd_new_id('plan'),
  product_id text NOT NULL,
  name       text NOT NULL,
  PRIMARY KEY (club_id, id),
  FOREIGN KEY (club_id, product_id) REFERENCES products (club_id, id)
);

-- status: trialing, active and past_due are current (shown by default); canceled, expired and
-- ended only with include=ended_subscriptions.
CREATE TABLE subscriptions (
  club_id              text NOT NULL,
  id                   text NOT NULL DEFAULT cd_new_id('sub'),
  customer_id          text NOT NULL,
  plan_id              text NOT NULL,
  type                 text NOT NULL DEFAULT 'membership' CHECK (type IN ('membership', 'package', 'pass')),
  status               text NOT NULL DEFAULT 'active'
                       CHECK (status IN ('trialing', 'active', 'past_due', 'canceled', 'expired', 'ended')),
  started_at           timestamptz NOT NULL DEFAULT now(),
  current_period_start timestamptz NOT NULL DEFAULT now(),
  current_period_end   timestamptz NOT NULL,
  trial_end            timestamptz,
  next_payment_at      timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  frozen_until         timestamptz,
  canceled_at          timestamptz,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (club_id, id),
  FOREIGN KEY (club_id, customer_id) REFERENCES customers (club_id, id),
  FOREIGN KEY (club_id, plan_id) REFERENCES plans (club_id, id)
);
CREATE INDEX subscriptions_customer_idx ON subscriptions (club_id, customer_id, started_at);

CREATE TABLE space_categories (
  club_id  text NOT NULL REFERENCES clubs (club_id),
  id       text NOT NULL DEFAULT cd_new_id('spc'),
  name     text NOT NULL,
  PRIMARY KEY (club_id, id)
);

CREATE TABLE spaces (
  club_id     text NOT NULL,
  id          text NOT NULL DEFAULT cd_new_id('spa'),
  category_id text NOT NULL,
  name        text NOT NULL,
  short_name  text NOT NULL,
  visibility  text NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'members_only', 'hidden')),
  position    integer NOT NULL DEFAULT 0,  -- the club's display order
  PRIMARY KEY (club_id, id),
  FOREIGN KEY (club_id, category_id) REFERENCES space_categories (club_id, id)
);

CREATE TABLE tags (
  club_id text NOT NULL REFERENCES clubs (club_id),
  id      text NOT NULL DEFAULT cd_new_id('tag'),
  name    text NOT NULL,
  PRIMARY KEY (club_id, id)
);

-- The club's own programming (leagues, clinics, open play). Sessions give its days.
CREATE TABLE events (
  club_id          text NOT NULL REFERENCES clubs (club_id),
  id               text NOT NULL DEFAULT cd_new_id('evt'),
  event_type       text NOT NULL CHECK (event_type IN ('league', 'clinic', 'open_play', 'lesson', 'tournament', 'camp', 'social')),
  title            text NOT NULL,
  open             boolean NOT NULL DEFAULT true,
  privacy          text NOT NULL DEFAULT 'public' CHECK (privacy IN ('public', 'private')),
  max_participants integer NOT NULL CHECK (max_participants >= 0),
  host_customer_id text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  canceled_at      timestamptz,
  PRIMARY KEY (club_id, id),
  FOREIGN KEY (club_id, host_customer_id) REFERENCES customers (club_id, id)
);

CREATE TABLE event_tags (
  club_id  text NOT NULL,
  event_id text NOT NULL,
  tag_id   text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (club_id, event_id, tag_id),
  FOREIGN KEY (club_id, event_id) REFERENCES events (club_id, id) ON DELETE CASCADE,
  FOREIGN KEY (club_id, tag_id) REFERENCES tags (club_id, id)
);

-- One row per club operating day of an event; the schedule shows one item per session.
CREATE TABLE event_sessions (
  club_id       text NOT NULL,
  event_id      text NOT NULL,
  business_date date NOT NULL,
  starts_at     timestamptz NOT NULL,
  ends_at       timestamptz NOT NULL CHECK (ends_at > starts_at),
  PRIMARY KEY (club_id, event_id, business_date),
  FOREIGN KEY (club_id, event_id) REFERENCES events (club_id, id) ON DELETE CASCADE
);
CREATE INDEX event_sessions_start_idx ON event_sessions (club_id, starts_at);

CREATE TABLE event_time_slots (
  club_id       text NOT NULL,
  id            text NOT NULL DEFAULT cd_new_id('ets'),
  event_id      text NOT NULL,
  business_date date NOT NULL,
  starts_at     timestamptz NOT NULL,
  ends_at       timestamptz NOT NULL CHECK (ends_at > starts_at),
  PRIMARY KEY (club_id, id),
  FOREIGN KEY (club_id, event_id, business_date) REFERENCES event_sessions (club_id, event_id, business_date) ON DELETE CASCADE
);
CREATE INDEX event_time_slots_session_idx ON event_time_slots (club_id, event_id, business_date, starts_at);

CREATE TABLE event_time_slot_spaces (
  club_id      text NOT NULL,
  time_slot_id text NOT NULL,
  space_id     text NOT NULL,
  PRIMARY KEY (club_id, time_slot_id, space_id),
  FOREIGN KEY (club_id, time_slot_id) REFERENCES event_time_slots (club_id, id) ON DELETE CASCADE,
  FOREIGN KEY (club_id, space_id) REFERENCES spaces (club_id, id)
);
CREATE INDEX event_time_slot_spaces_space_idx ON event_time_slot_spaces (club_id, space_id);

-- Roster entries. check_in_status: not_checked_in, checked_in or no_show.
CREATE TABLE participants (
  club_id         text NOT NULL,
  id              text NOT NULL DEFAULT cd_new_id('par'),
  event_id        text NOT NULL,
  customer_id     text NOT NULL,
  check_in_status text NOT NULL DEFAULT 'not_checked_in' CHECK (check_in_status IN ('not_checked_in', 'checked_in', 'no_show')),
  joined_at       timestamptz NOT NULL DEFAULT now(),
  removed_at      timestamptz,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (club_id, id),
  FOREIGN KEY (club_id, event_id) REFERENCES events (club_id, id),
  FOREIGN KEY (club_id, customer_id) REFERENCES customers (club_id, id)
);
CREATE INDEX participants_roster_idx ON participants (club_id, event_id, joined_at, id);

-- Court bookings made by customers. status: confirmed or canceled (with canceled_at).
CREATE TABLE bookings (
  club_id           text NOT NULL,
  id                text NOT NULL DEFAULT cd_new_id('bkg'),
  customer_id       text NOT NULL,
  title             text,
  business_date     date NOT NULL,
  starts_at         timestamptz NOT NULL,
  ends_at           timestamptz NOT NULL CHECK (ends_at > starts_at),
  open              boolean NOT NULL DEFAULT false,
  privacy           text NOT NULL DEFAULT 'private' CHECK (privacy IN ('public', 'private')),
  party_size        integer NOT NULL DEFAULT 1 CHECK (party_size >= 1),
  participant_count integer NOT NULL DEFAULT 1 CHECK (participant_count >= 0),
  max_participants  integer NOT NULL DEFAULT 4 CHECK (max_participants >= 0),
  status            text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'canceled')),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  canceled_at       timestamptz,
  PRIMARY KEY (club_id, id),
  FOREIGN KEY (club_id, customer_id) REFERENCES customers (club_id, id),
  CHECK ((status = 'canceled') = (canceled_at IS NOT NULL))
);
CREATE INDEX bookings_list_idx ON bookings (club_id, created_at, id);
CREATE INDEX bookings_start_idx ON bookings (club_id, starts_at);

CREATE TABLE booking_spaces (
  club_id    text NOT NULL,
  booking_id text NOT NULL,
  space_id   text NOT NULL,
  starts_at  timestamptz NOT NULL,
  ends_at    timestamptz NOT NULL CHECK (ends_at > starts_at),
  PRIMARY KEY (club_id, booking_id, space_id, starts_at),
  FOREIGN KEY (club_id, booking_id) REFERENCES bookings (club_id, id) ON DELETE CASCADE,
  FOREIGN KEY (club_id, space_id) REFERENCES spaces (club_id, id)
);
CREATE INDEX booking_spaces_space_idx ON booking_spaces (club_id, space_id, starts_at);

-- Courts taken out of service. Stored for the platform; never exposed by the API.
CREATE TABLE maintenance_blocks (
  club_id   text NOT NULL,
  id        text NOT NULL DEFAULT cd_new_id('mnt'),
  space_id  text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at   timestamptz NOT NULL CHECK (ends_at > starts_at),
  reason    text NOT NULL DEFAULT '',
  PRIMARY KEY (club_id, id),
  FOREIGN KEY (club_id, space_id) REFERENCES spaces (club_id, id)
);

CREATE TABLE coaches (
  club_id                text NOT NULL REFERENCES clubs (club_id),
  id                     text NOT NULL DEFAULT cd_new_id('coach'),
  first_name             text NOT NULL,
  last_name              text NOT NULL DEFAULT '',
  title                  text NOT NULL DEFAULT '',
  bio                    text NOT NULL DEFAULT '',
  avatar_url             text NOT NULL DEFAULT '',
  slug                   text NOT NULL,
  lesson_booking_enabled boolean NOT NULL DEFAULT true,
  status                 text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
  position               integer NOT NULL DEFAULT 0,  -- display order
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (club_id, id)
);

CREATE TABLE waiver_signatures (
  club_id          text NOT NULL,
  id               text NOT NULL DEFAULT cd_new_id('wvr'),
  customer_id      text NOT NULL,
  waiver_version   integer NOT NULL CHECK (waiver_version >= 1),
  signed_at        timestamptz NOT NULL,
  signed_for_minor boolean NOT NULL DEFAULT false,
  invalidated_at   timestamptz,                 -- set when staff invalidate the signature
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (club_id, id),
  FOREIGN KEY (club_id, customer_id) REFERENCES customers (club_id, id)
);
CREATE INDEX waiver_signatures_list_idx ON waiver_signatures (club_id, signed_at, id);

CREATE TABLE orders (
  club_id     text NOT NULL,
  id          text NOT NULL DEFAULT cd_new_id('ord'),
  customer_id text NOT NULL,
  status      text NOT NULL DEFAULT 'paid' CHECK (status IN ('open', 'paid', 'partially_refunded', 'refunded', 'void')),
  currency    text NOT NULL CHECK (currency ~ '^[a-z]{3}$'),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (club_id, id),
  FOREIGN KEY (club_id, customer_id) REFERENCES customers (club_id, id)
);
CREATE INDEX orders_list_idx ON orders (club_id, created_at, id);
CREATE INDEX orders_customer_idx ON orders (club_id, customer_id, created_at, id);

CREATE TABLE order_line_items (
  club_id     text NOT NULL,
  order_id    text NOT NULL,
  position    integer NOT NULL,
  description text NOT NULL,
  quantity    integer NOT NULL CHECK (quantity >= 1),
  unit_amount integer NOT NULL,
  PRIMARY KEY (club_id, order_id, position),
  FOREIGN KEY (club_id, order_id) REFERENCES orders (club_id, id) ON DELETE CASCADE
);

-- The ledger: one row per settled charge; a refund is its own row with a negative amount.
CREATE TABLE transactions (
  club_id     text NOT NULL,
  id          text NOT NULL DEFAULT cd_new_id('txn'),
  order_id    text NOT NULL,
  amount      integer NOT NULL,
  currency    text NOT NULL CHECK (currency ~ '^[a-z]{3}$'),
  charge_type text NOT NULL DEFAULT 'card' CHECK (charge_type IN ('card', 'cash', 'bank_transfer', 'account_credit')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (club_id, id),
  FOREIGN KEY (club_id, order_id) REFERENCES orders (club_id, id)
);
CREATE INDEX transactions_list_idx ON transactions (club_id, created_at, id);

CREATE TRIGGER _100_touch_updated_at BEFORE UPDATE ON clubs FOR EACH ROW EXECUTE FUNCTION tg__touch_updated_at();
CREATE TRIGGER _100_touch_updated_at BEFORE UPDATE ON customers FOR EACH ROW EXECUTE FUNCTION tg__touch_updated_at();
CREATE TRIGGER _100_touch_updated_at BEFORE UPDATE ON subscriptions FOR EACH ROW EXECUTE FUNCTION tg__touch_updated_at();
CREATE TRIGGER _100_touch_updated_at BEFORE UPDATE ON events FOR EACH ROW EXECUTE FUNCTION tg__touch_updated_at();
CREATE TRIGGER _100_touch_updated_at BEFORE UPDATE ON participants FOR EACH ROW EXECUTE FUNCTION tg__touch_updated_at();
CREATE TRIGGER _100_touch_updated_at BEFORE UPDATE ON bookings FOR EACH ROW EXECUTE FUNCTION tg__touch_updated_at();
CREATE TRIGGER _100_touch_updated_at BEFORE UPDATE ON coaches FOR EACH ROW EXECUTE FUNCTION tg__touch_updated_at();
CREATE TRIGGER _100_touch_updated_at BEFORE UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION tg__touch_updated_at();

-- Display order of the unpaginated lists: (position, id) within the club.
CREATE INDEX spaces_display_idx ON spaces (club_id, position, id);
CREATE INDEX coaches_display_idx ON coaches (club_id, position, id);

-- Signals: change notifications, written by triggers in the writer's own transaction. The
-- trigger functions are in sql/2-signals/; sql/README.md follows a signal from here to its
-- delivery attempts.

CREATE TABLE signals (
  club_id     text NOT NULL REFERENCES clubs (club_id),
  sequence    bigint NOT NULL,
  id          text NOT NULL,
  type        text NOT NULL,
  scope       text NOT NULL,        -- the read scope a key needs to see this signal
  resource_id text NOT NULL,
  created_at  timestamptz NOT NULL,
  body        text NOT NULL,        -- the stored copy: these bytes are listed, retrieved and delivered
  PRIMARY KEY (club_id, sequence),
  UNIQUE (club_id, id)
);
CREATE INDEX signals_type_idx ON signals (club_id, type, sequence);
CREATE INDEX signals_resource_idx ON signals (club_id, resource_id, sequence);
CREATE INDEX signals_created_idx ON signals (club_id, created_at);
-- The stored copy never changes once written.
CREATE TRIGGER _100_immutable BEFORE UPDATE ON signals FOR EACH ROW EXECUTE FUNCTION tg__signals_immutable();

CREATE TABLE signal_sequences (
  club_id       text PRIMARY KEY REFERENCES clubs (club_id),
  last_sequence bigint NOT NULL DEFAULT 0
);

-- Resources touched by open transactions. Rows live only inside the transaction that wrote
-- them (the commit-time trigger deletes them), so the table need not survive a crash.
CREATE UNLOGGED TABLE signal_pending (
  txid        xid8 NOT NULL,
  kind        text NOT NULL,
  club_id     text NOT NULL,
  resource_id text NOT NULL,
  before      json,                  -- the rendering before the transaction's first change; NULL if new
  PRIMARY KEY (txid, kind, club_id, resource_id)
);

CREATE CONSTRAINT TRIGGER _900_signal_emit AFTER INSERT ON signal_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION tg__signal_emit();

-- The tables behind each representation, and the column naming the resource they belong to.
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON customers
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('customer', 'id');
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('subscription', 'id');
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('booking', 'id');
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON booking_spaces
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('booking', 'booking_id');
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('event', 'id');
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON event_sessions
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('event', 'event_id');
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON event_time_slots
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('event', 'event_id');
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON event_time_slot_spaces
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('event', 'time_slot_id');
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON event_tags
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('event', 'event_id');
CREATE TRIGGER _500_signal_touch BEFORE INSERT OR UPDATE OR DELETE ON participants
  FOR EACH ROW EXECUTE FUNCTION tg__signal_touch('participant', 'id');

-- Webhook endpoints and delivery. PostgreSQL holds the truth about every delivery (what is
-- due, how many attempts were made, what each attempt got); BullMQ only schedules and runs the
-- work. A queue that loses jobs (a Redis restart without persistence) delays deliveries but
-- cannot lose them: the relay and the reconciler re-enqueue from these tables.

CREATE TABLE webhook_endpoints (
  club_id              text NOT NULL REFERENCES clubs (club_id),
  id                   text NOT NULL DEFAULT cd_new_id('we'),
  url                  text NOT NULL,
  description          text NOT NULL DEFAULT '',
  signal_types         text[] NOT NULL CHECK (cardinality(signal_types) > 0),
  scopes               text[] NOT NULL,
  status               text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  disabled_reason      text CHECK (disabled_reason IN ('failing', 'gone', 'requested')),
  -- AES-256-GCM ciphertexts of the whsec_ secrets (key from configuration); never the secret itself.
  secret               bytea NOT NULL,
  previous_secret      bytea,
  previous_secret_until timestamptz,        -- the old secret keeps signing, beside the new one, until then
  -- Signals after this sequence are for this endpoint: it receives what happens after it exists.
  from_sequence        bigint NOT NULL,
  failing_since        timestamptz,         -- first failure since the last success
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  deleted_at           timestamptz,
  PRIMARY KEY (club_id, id),
  CHECK ((status = 'disabled') = (disabled_reason IS NOT NULL))
);
CREATE INDEX webhook_endpoints_active_idx ON webhook_endpoints (club_id) WHERE status = 'active' AND deleted_at IS NULL;
CREATE TRIGGER _100_touch_updated_at BEFORE UPDATE ON webhook_endpoints FOR EACH ROW EXECUTE FUNCTION tg__touch_updated_at();

-- One row per (signal, endpoint): created by the fan-out, idempotently.
-- status: pending (due at next_attempt_at), succeeded, failed (schedule exhausted or a
-- permanent refusal), canceled (endpoint deleted or disabled before it succeeded).
CREATE TABLE deliveries (
  club_id         text NOT NULL,
  endpoint_id     text NOT NULL,
  signal_sequence bigint NOT NULL,
  signal_id       text NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed', 'canceled')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  leased_until    timestamptz,             -- a worker is attempting it; others keep off until then
  created_at      timestamptz NOT NULL DEFAULT now(),
  completed_at    timestamptz,
  PRIMARY KEY (club_id, endpoint_id, signal_sequence),
  FOREIGN KEY (club_id, endpoint_id) REFERENCES webhook_endpoints (club_id, id),
  FOREIGN KEY (club_id, signal_sequence) REFERENCES signals (club_id, sequence) ON DELETE CASCADE
);
CREATE INDEX deliveries_due_idx ON deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX deliveries_signal_idx ON deliveries (club_id, signal_sequence);

-- Every HTTP try, kept after its endpoint is deleted (no foreign key to the endpoint).
CREATE TABLE delivery_attempts (
  club_id          text NOT NULL,
  id               text NOT NULL DEFAULT cd_new_id('atmpt'),
  endpoint_id      text NOT NULL,
  signal_id        text NOT NULL,
  signal_sequence  bigint NOT NULL,
  attempt_number   integer NOT NULL,
  attempted_at     timestamptz NOT NULL,
  status_code      integer,
  error            text,
  duration_ms      integer NOT NULL,
  response_excerpt text NOT NULL DEFAULT '',
  PRIMARY KEY (club_id, id)
);
CREATE INDEX delivery_attempts_endpoint_idx ON delivery_attempts (club_id, endpoint_id, attempted_at DESC, id DESC);

-- The relay's position per club: every signal up to relayed_sequence has been fanned out
-- (its deliveries exist). Sequences are in commit order, so nothing committed later can land
-- behind this mark.
CREATE TABLE signal_relay (
  club_id          text PRIMARY KEY REFERENCES clubs (club_id),
  relayed_sequence bigint NOT NULL DEFAULT 0
);

-- Fan-outs done beyond the contiguous mark (jobs may finish out of order); the relay folds
-- them into signal_relay.relayed_sequence and deletes them.
CREATE TABLE signal_fanouts (
  club_id         text NOT NULL,
  signal_sequence bigint NOT NULL,
  PRIMARY KEY (club_id, signal_sequence)
);
