-- How far retention has pruned each club's signal history: every signal up to and including
-- pruned_through is gone. Sequences are gapless per club, so a reader asking for the signals after
-- a sequence below it (or after a signal id of that range) is told exactly that its cursor has
-- expired (410 cursor_expired) instead of silently missing signals. A table of its own, so that
-- pruning never holds the row lock of signal_sequences that every emitting writer needs.
CREATE TABLE signal_horizons (
  club_id        text PRIMARY KEY REFERENCES clubs (club_id),
  pruned_through bigint NOT NULL
);
