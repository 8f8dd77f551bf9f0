import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two projects: `npx vitest run --project unit` runs the tests beside the code (domain rules,
 * islands' modules, the build's and the order API's units) without building anything;
 * `integration` holds what needs the built sample site, a browser, the order API's contract
 * suites or PostgreSQL, after the global setup's one warm-up build. `npm test` runs both.
 */
const SLOW_UNITS = ['src/core/build/images/image-pipeline.test.ts', 'server/start-order-api.test.ts'];

export default defineConfig({
  test: {
    // One test file per core, not Vitest's default of one fewer: most integration files wait on
    // a child process, Chromium or a socket rather than compute, and on two cores the default
    // runs them one at a time (npm test: about 400 s with one worker, 300 s with two;
    // docs/performance.md, Tests).
    maxWorkers: availableParallelism(),
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // One module graph per worker instead of one per file: 48 small files start in about 7 s
          // instead of 23 s on two cores. These tests keep no global state between files.
          isolate: false,
          include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
          // Encoding real images with sharp, and starting the order API: seconds each, so integration.
          exclude: ['server/tests/**', ...SLOW_UNITS],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts', 'server/tests/**/*.test.ts', ...SLOW_UNITS],
          globalSetup: ['tests/global-setup.ts'],
        },
      },
    ],
  },
});
