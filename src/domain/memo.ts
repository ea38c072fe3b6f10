// A value computed once per key and kept, for the per-process caches of the delivery path (an
// endpoint's shard, its opened secret, its parsed signing key). Emptied when it grows past any
// realistic number of endpoints per process, so that it is bounded without an eviction policy:
// the next calls compute again.
export const MEMO_LIMIT = 10_000;

/** `compute`, remembered by key. */
export function memoize<K, V>(compute: (key: K) => V, limit = MEMO_LIMIT): (key: K) => V {
  const known = new Map<K, V>();
  return (key) => {
    let value = known.get(key);
    if (value === undefined) {
      if (known.size >= limit) known.clear();
      value = compute(key);
      known.set(key, value);
    }
    return value;
  };
}
