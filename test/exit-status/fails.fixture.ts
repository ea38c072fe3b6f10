// Fails on purpose: `npm test` running it must exit non-zero (test/cli/exit-status.test.ts).
import { expect, test } from 'vitest';

test('a deliberately failing test', () => {
  expect(1 + 1).toBe(3);
});
