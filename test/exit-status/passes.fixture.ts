// Passes: `npm test` running only it must exit 0 (test/cli/exit-status.test.ts).
import { expect, test } from 'vitest';

test('a passing test', () => {
  expect(1 + 1).toBe(2);
});
