// A vitest configuration for test/cli/exit-status.test.ts only: it runs the fixtures here
// through `npm test` with the suite's own global setup (and so the same choice of PostgreSQL),
// to check that the exit status of the test command tells the truth. Its files end in
// `.fixture.ts`, so the suite itself never runs them.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/exit-status/*.fixture.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    hookTimeout: 120_000,
  },
});
