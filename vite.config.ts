import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Four projects, each a question a developer asks (docs/architecture.md, Tests):
 * - `unit`: the tests beside the code, the import-rule check and the broken-data table; builds no
 *   sample site (only the 8×8 base fixture, once): under 30 s on two otherwise idle cores
 *   (`npx vitest run --project unit`).
 * - `api`: the order API as a process, its contract suites on SQLite and a throwaway PostgreSQL;
 *   builds nothing (it reads the tenant files as the API does).
 * - `integration`: what needs the built sample site or a browser, after one warm-up build.
 * - `bench`: the measuring scripts and Lighthouse, opt in (`npm run test:bench`): their figures
 *   depend on the machine's load, so `npm test` (unit, api, integration) leaves them out.
 */
const IN_PROCESS_CHECKS = ['tests/architecture.test.ts', 'tests/validate-fixtures.test.ts', 'tests/glossary.test.ts', 'tests/formatting.test.ts'];
const ORDER_API = ['server/tests/**/*.test.ts', 'server/start-order-api.test.ts'];
// Encoding real images with sharp: seconds each, so beside the other slow files.
const SLOW_UNITS = ['src/core/generator/images/image-pipeline.test.ts'];
const BENCH = ['tests/bench/**/*.test.ts'];

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
          include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', ...IN_PROCESS_CHECKS],
          exclude: [...ORDER_API, ...SLOW_UNITS],
          globalSetup: ['tests/temp-folder-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ORDER_API,
          globalSetup: ['tests/temp-folder-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts', ...SLOW_UNITS],
          exclude: [...IN_PROCESS_CHECKS, ...BENCH],
          globalSetup: ['tests/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'bench',
          include: BENCH,
          globalSetup: ['tests/global-setup.ts'],
        },
      },
    ],
  },
});
