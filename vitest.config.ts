import { defineConfig } from 'vitest/config';

// `@clubdata/sdk` (the npm workspace in sdk/) resolves to its TypeScript source under the
// clubdata-source condition, for the tests and for every Node process they start (bin/clubdata.mjs
// sets it the same way for the commands it runs).
const SOURCE_CONDITION = '--conditions=clubdata-source';
const nodeOptions = process.env.NODE_OPTIONS?.includes(SOURCE_CONDITION) ? process.env.NODE_OPTIONS : [process.env.NODE_OPTIONS, SOURCE_CONDITION].filter(Boolean).join(' ');

export default defineConfig({
  ssr: { resolve: { conditions: ['clubdata-source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-file.ts'],
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
    // Concurrent cases at once in a file (test/workers/faults.test.ts): each starts worker
    // processes with database pools of their own. Five at once peaked at 89 of the test server's
    // 100 connections, four at 80, beside the other file running meanwhile; three leave room.
    maxConcurrency: 3,
    hookTimeout: 120_000,
    reporters: ['default'],
    env: { NODE_OPTIONS: nodeOptions },
  },
});
