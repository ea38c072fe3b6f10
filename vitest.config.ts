import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // A test file's modules stay loaded for the next file in the same worker: importing the app
    // (Fastify, BullMQ, the SDK) again for each of 60-odd files cost half the suite's time. Test
    // files share no state through modules: each makes its own database, app and pipeline.
    isolate: false,
    // Generous: many tests start real processes (the CLI, workers, npm start), each a Node start
    // and a database connection, seconds apiece when the 2-core machine is busy. A test that
    // hangs still fails, two minutes later. Nothing here asserts a duration: waits are bounds.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
