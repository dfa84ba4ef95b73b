import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // No test passes or fails by how fast the machine is (issue 33): no time limit on a test or a hook. A wait
    // for a process's answer fails when the process exits or stops working (test/lsp/lsp-session.ts), not after
    // a number of seconds; a test that never ends is the CI job's to stop.
    testTimeout: 0,
    hookTimeout: 0,
    pool: 'forks',
  },
});
