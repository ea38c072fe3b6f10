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

-- Whether an endpoint subscribes to signals of a type: its signal_types name the type (or hold
-- "*") and its scopes hold the scope the type requires (api-spec.md section 6). The one
-- statement of the rule: the fan-out and recovery both call it. Whether to deliver now (status,
-- deleted_at, from_sequence) is the caller's condition, not part of what the endpoint matches.
CREATE FUNCTION cd_endpoint_matches(e webhook_endpoints, signal_type text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce(('*' = ANY (e.signal_types) OR signal_type = ANY (e.signal_types))
                  AND cd_signal_scope(signal_type) = ANY (e.scopes), false)
$$;

-- The secrets are never part of the representation: the API adds the plaintext to the create
-- and rotate answers only, and it never reaches SQL.
CREATE FUNCTION cd_render_webhook_endpoint(e webhook_endpoints) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN json_build_object(
    'id', e.id,
    'object', 'webhook_endpoint',
    'url', e.url,
    'description', e.description,
    'scopes', to_json(e.scopes),
    'signal_types', to_json(e.signal_types),
    'status', e.status,
    'disabled_reason', e.disabled_reason,
    'created_at', cd_utc(e.created_at)
  );
END
$$;

-- The answer to DELETE /v1/webhook_endpoints/{id}.
CREATE FUNCTION cd_render_deleted_webhook_endpoint(e webhook_endpoints) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN json_build_object('id', e.id, 'object', 'webhook_endpoint', 'deleted', true);
END
$$;

CREATE FUNCTION cd_render_webhook_attempt(a delivery_attempts) RETURNS json
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN json_build_object(
    'id', a.id,
    'object', 'webhook_attempt',
    'signal_id', a.signal_id,
    'attempted_at', cd_utc(a.attempted_at),
    'status_code', a.status_code,
    'error', a.error,
    'duration_ms', a.duration_ms,
    'response_excerpt', a.response_excerpt
  );
END
$$;
