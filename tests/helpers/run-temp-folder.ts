import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Set while a run's temporary folder exists, so that the next project's global setup shares it. */
const RUN_ROOT = 'STOREFRONT_TEST_RUN_ROOT';

/**
 * Every temporary folder of a test run (built sites, fixture copies, databases, mail) goes under
 * one folder made here: the test processes and what they spawn inherit it as TMPDIR, and the
 * returned teardown removes it, so a run leaves nothing behind in /tmp (a sample build alone is
 * 50 MB). Vitest runs every selected project's global setup before the first test, in one
 * process: the first one makes the folder, the others share it and leave its removal to the first.
 */
export function useRunTempFolder(): { root: string; teardown: () => void } {
  const existing = process.env[RUN_ROOT];
  if (existing) return { root: existing, teardown: () => {} };
  const root = mkdtempSync(path.join(tmpdir(), 'storefront-test-run-'));
  // As root, the throwaway PostgreSQL runs as the `postgres` user and reads a file its library writes here.
  chmodSync(root, 0o755);
  process.env[RUN_ROOT] = root;
  process.env.TMPDIR = root;
  return {
    root,
    teardown: () => {
      rmSync(root, { recursive: true, force: true });
      delete process.env[RUN_ROOT];
    },
  };
}
