-- Idempotency-Key records (docs/api.md "Idempotent requests"): a POST sent with an
-- Idempotency-Key runs once per API key; repeats within 24 hours get the first answer back.
-- The statements live in src/db/idempotency-keys.ts.

CREATE TABLE idempotency_keys (
  api_key_id      text NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  -- SHA-256 of the method, path and body: the same key with another request is refused.
  request_hash    bytea NOT NULL,
  -- The first request's id: a replay is its answer, so it carries its X-Request-Id (the
  -- request_id of an error body).
  request_id      text NOT NULL,
  -- Null while the first request runs; then its answer. The body is AES-256-GCM ciphertext
  -- (the app's secret box), never plaintext: a create's answer holds the whsec_ secret.
  status_code     smallint,
  content_type    text,
  response_body   bytea,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (api_key_id, idempotency_key),
  CHECK ((status_code IS NULL) = (response_body IS NULL))
);
-- The hourly pruning deletes by age.
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
