-- The sequence a signal id made by cd_signal_id names; null for text of another shape. Ids made
-- before cd_signal_id (24 random hexadecimal digits) decode to a number far beyond any club's
-- history, so they are never taken for pruned ones.
CREATE OR REPLACE FUNCTION cd_signal_id_sequence(signal_id text) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN signal_id ~ '^sig_[0-9a-f]{24}$'
              THEN ('x' || lpad(substr(signal_id, 5, 12), 16, '0'))::bit(64)::bigint END
$$;
