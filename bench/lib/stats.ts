// Small statistics for the benchmarks: latency samples, percentiles, medians, ratios.
// Every latency is in milliseconds; every percentile is read from the sorted samples
// themselves (nearest rank), never from a histogram's buckets, so 0.3 ms and 0.4 ms differ.

/** Collects latency samples without reallocating at every push. */
export class Samples {
  private data = new Float64Array(4096);
  private size = 0;

  push(ms: number): void {
    if (this.size === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.size++] = ms;
  }

  get count(): number {
    return this.size;
  }

  /** The samples in ascending order (a copy). */
  sorted(): Float64Array {
    return this.data.slice(0, this.size).sort();
  }
}

/** Nearest-rank percentile of ascending samples; p in 0..100. NaN when there are none. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export interface LatencySummary {
  count: number;
  p50_ms: number;
  p99_ms: number;
  mean_ms: number;
  max_ms: number;
}

export function summarize(samples: Samples): LatencySummary {
  const sorted = samples.sorted();
  let total = 0;
  for (const value of sorted) total += value;
  return {
    count: sorted.length,
    p50_ms: round(percentile(sorted, 50), 3),
    p99_ms: round(percentile(sorted, 99), 3),
    mean_ms: round(sorted.length ? total / sorted.length : Number.NaN, 3),
    max_ms: round(sorted.length ? sorted[sorted.length - 1]! : Number.NaN, 3),
  };
}

/** Median of a list (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The element of median `key` (the lower middle one for an even count): a whole round, not a mean of two. */
export function medianBy<T>(list: readonly T[], key: (item: T) => number): T {
  return [...list].sort((a, b) => key(a) - key(b))[Math.floor((list.length - 1) / 2)]!;
}

export function round(value: number, digits = 2): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** a / b, rounded; NaN when b is not a positive number. */
export function ratio(a: number, b: number, digits = 2): number {
  return b > 0 && Number.isFinite(a) ? round(a / b, digits) : Number.NaN;
}
