// Per-endpoint concurrency in a delivery worker (workers/deliver.ts EndpointSlots): a receiver
// answering quickly may use up to half of the worker's slots; a slow or hanging one is held to
// the configured limit, and stays so for a while after it was last seen slow.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EndpointSlots } from '../../workers/deliver.ts';

beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => vi.useRealTimers());

function take(slots: EndpointSlots, endpointId: string, n: number) {
  return Array.from({ length: n }, () => slots.acquire(endpointId));
}

describe('EndpointSlots', () => {
  it('lets a fast endpoint past the limit, up to half of the worker, and no further', () => {
    const slots = new EndpointSlots(2, 10);
    const granted = take(slots, 'we_a', 5);
    expect(granted.every((slot) => slot !== null)).toBe(true);
    expect(slots.acquire('we_a')).toBeNull();
    // Another endpoint is not held up by this one.
    expect(slots.acquire('we_b')).not.toBeNull();
    // A released slot is free again; releasing it twice frees nothing more.
    slots.release(granted[0]!);
    slots.release(granted[0]!);
    expect(slots.acquire('we_a')).not.toBeNull();
    expect(slots.acquire('we_a')).toBeNull();
  });

  it('holds an endpoint to the limit while one of its requests has been in flight for FAST_MS', () => {
    const slots = new EndpointSlots(2, 10);
    take(slots, 'we_a', 2);
    vi.advanceTimersByTime(EndpointSlots.FAST_MS);
    expect(slots.acquire('we_a')).toBeNull();
  });

  it('remembers a slow answer: no burst again until SLOW_MEMORY_MS have passed', () => {
    const slots = new EndpointSlots(2, 10);
    const [slow] = take(slots, 'we_a', 1);
    vi.advanceTimersByTime(EndpointSlots.FAST_MS); // it answered (or timed out) after a second
    slots.release(slow!);
    expect(take(slots, 'we_a', 2).every((slot) => slot !== null)).toBe(true); // the limit still holds
    expect(slots.acquire('we_a')).toBeNull();
    vi.advanceTimersByTime(EndpointSlots.SLOW_MEMORY_MS);
    // The two in flight are now old as well: still slow.
    expect(slots.acquire('we_a')).toBeNull();
  });

  it('grants a burst again once the slow memory has passed and nothing in flight is old', () => {
    const slots = new EndpointSlots(2, 10);
    const [slow] = take(slots, 'we_a', 1);
    vi.advanceTimersByTime(EndpointSlots.FAST_MS);
    slots.release(slow!);
    vi.advanceTimersByTime(EndpointSlots.SLOW_MEMORY_MS);
    expect(take(slots, 'we_a', 5).every((slot) => slot !== null)).toBe(true);
  });

  it('never goes below the configured limit, even with a small worker', () => {
    const slots = new EndpointSlots(4, 4);
    expect(take(slots, 'we_a', 4).every((slot) => slot !== null)).toBe(true);
    expect(slots.acquire('we_a')).toBeNull();
  });
});
