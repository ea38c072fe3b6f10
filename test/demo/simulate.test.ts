// The pacing of `clubdata simulate` (src/demo/simulate.ts): each change waits for its turn, but
// never past the deadline and never for a negative time, which Node reports on stderr as a
// TimeoutNegativeWarning (a change that ran past the deadline did so at the end of every run).
import { describe, expect, it } from 'vitest';
import { pauseBefore } from '../../src/demo/simulate.ts';

describe('pauseBefore', () => {
  it('waits until the next change is due', () => {
    expect(pauseBefore(1_100, 5_000, 1_000)).toBe(100);
  });

  it('waits no longer than the deadline', () => {
    expect(pauseBefore(6_000, 5_000, 4_900)).toBe(100);
  });

  it('does not wait when the change is overdue, or the deadline passed during the last change', () => {
    expect(pauseBefore(900, 5_000, 1_000)).toBe(0);
    expect(pauseBefore(5_020, 5_000, 5_003)).toBe(0);
  });
});
