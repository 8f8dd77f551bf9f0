import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './helpers/fixture-project.ts';
import { runScript } from './helpers/run-cli.ts';

/**
 * Several test files build the sample site, each in its own process. Building it once here
 * first fills the image and bundle caches, so they all reuse one encode instead of racing
 * to encode the same images at the same time on a fresh machine.
 *
 * Every temporary folder of the run (built sites, fixture copies, databases, mail) goes under
 * one folder made here: the test processes and what they spawn inherit it as TMPDIR, and the
 * teardown removes it, so a run leaves nothing behind in /tmp (a sample build alone is 50 MB).
 */
export default function warmBuildCaches(): () => void {
  const runRoot = mkdtempSync(path.join(tmpdir(), 'storefront-test-run-'));
  // As root, the throwaway PostgreSQL runs as the `postgres` user and reads a file its library writes here.
  chmodSync(runRoot, 0o755);
  process.env.TMPDIR = runRoot;
  const scratch = mkdtempSync(path.join(runRoot, 'storefront-warm-'));
  const started = Date.now();
  const result = runScript('build', ['--root', REPO_ROOT, '--out-dir', path.join(scratch, 'dist')], 900_000);
  rmSync(scratch, { recursive: true, force: true });
  if (result.status !== 0) rmSync(runRoot, { recursive: true, force: true });
  if (result.status !== 0) throw new Error(`the sample data does not build:\n${result.stderr}`);
  const images = /^images: .*$/m.exec(result.stdout)?.[0] ?? '';
  console.log(`global setup: sample build in ${((Date.now() - started) / 1000).toFixed(0)} s (${images})`);
  return () => rmSync(runRoot, { recursive: true, force: true });
}
