// Per-endpoint concurrency in a delivery worker (workers/deliver.ts EndpointSlots): a busy
// endpoint's extra jobs wait briefly for a slot while it answers quickly, and step aside when
// it hangs or already holds half of the worker.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EndpointSlots } from '../../workers/deliver.ts';

beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => vi.useRealTimers());

describe('EndpointSlots', () => {
  it('grants up to the limit at once, then hands a released slot to the next waiter', async () => {
    const slots = new EndpointSlots(2, 10);
    const a = await slots.acquire('we_a');
    const b = await slots.acquire('we_a');
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    let granted: unknown;
    const waiting = Promise.resolve(slots.acquire('we_a')).then((slot) => (granted = slot));
    await vi.advanceTimersByTimeAsync(10);
    expect(granted).toBeUndefined();
    slots.release(a!);
    await waiting;
    expect(granted).toMatchObject({ endpointId: 'we_a' });
    // Another endpoint is not held up by this one.
    expect(await slots.acquire('we_b')).not.toBeNull();
  });

  it('gives up a wait after WAIT_MS, answering null', async () => {
    const slots = new EndpointSlots(1, 10);
    await slots.acquire('we_a');
    const waiting = Promise.resolve(slots.acquire('we_a'));
    await vi.advanceTimersByTimeAsync(EndpointSlots.WAIT_MS);
    expect(await waiting).toBeNull();
  });

  it('answers null at once when the endpoint already holds half of the worker', async () => {
    const slots = new EndpointSlots(1, 6); // at most 3 held: 1 attempt and 2 waiters
    await slots.acquire('we_a');
    void slots.acquire('we_a');
    void slots.acquire('we_a');
    expect(slots.acquire('we_a')).toBeNull();
  });

  it('answers null at once when the endpoint\'s oldest attempt is older than WAIT_MS (a hanging receiver)', async () => {
    const slots = new EndpointSlots(1, 10);
    await slots.acquire('we_a');
    vi.advanceTimersByTime(EndpointSlots.WAIT_MS);
    expect(slots.acquire('we_a')).toBeNull();
  });
});
