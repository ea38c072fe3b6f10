import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Generous: many tests start real processes (the CLI, workers, npm start), each a Node start
    // and a database connection, seconds apiece when the 2-core machine is busy. A test that
    // hangs still fails, two minutes later. Nothing here asserts a duration: waits are bounds.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
