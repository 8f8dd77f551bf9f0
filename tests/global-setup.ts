import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from './helpers/fixture-project.ts';
import { runScript } from './helpers/run-cli.ts';
import { SAMPLE_API_ORIGIN } from './helpers/sample-build.ts';

/**
 * The run's one build of the sample site, shared by every integration file through
 * `inject('sampleDist')` (tests/helpers/sample-build.ts): the build, publishing and browser
 * suites read it, each browser file pointing it at its own order API (see SAMPLE_API_ORIGIN).
 *
 * Every temporary folder of the run (built sites, fixture copies, databases, mail) goes under
 * one folder made here: the test processes and what they spawn inherit it as TMPDIR, and the
 * teardown removes it, so a run leaves nothing behind in /tmp (a sample build alone is 50 MB).
 */
export default function buildSampleOnce(project: TestProject): () => void {
  const runRoot = mkdtempSync(path.join(tmpdir(), 'storefront-test-run-'));
  // As root, the throwaway PostgreSQL runs as the `postgres` user and reads a file its library writes here.
  chmodSync(runRoot, 0o755);
  process.env.TMPDIR = runRoot;
  const outDir = path.join(runRoot, 'sample', 'dist');
  const started = Date.now();
  const result = runScript('build', ['--root', REPO_ROOT, '--out-dir', outDir, '--api-origin', SAMPLE_API_ORIGIN], 900_000);
  if (result.status !== 0) {
    rmSync(runRoot, { recursive: true, force: true });
    throw new Error(`the sample data does not build:\n${result.stderr}`);
  }
  const images = /^images: .*$/m.exec(result.stdout)?.[0] ?? '';
  console.log(`global setup: sample build in ${((Date.now() - started) / 1000).toFixed(0)} s (${images})`);
  project.provide('sampleDist', outDir);
  project.provide('sampleBuildOutput', result.stdout);
  return () => rmSync(runRoot, { recursive: true, force: true });
}
