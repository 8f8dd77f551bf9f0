import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './fixture-project.ts';
import { runScript, type CliResult } from './run-cli.ts';

const builds = new Map<string, Promise<{ outDir: string; result: CliResult }>>();

/**
 * The sample data built once per test process and API origin into a temporary folder, with
 * the order API pointed at that local origin (a test picks a free port, builds, then starts
 * the API there). Images come from the repository's cache, so only the first
 * build on a machine encodes them.
 */
export function sampleBuild(apiOrigin = 'http://127.0.0.1:8787'): Promise<{ outDir: string; result: CliResult }> {
  const existing = builds.get(apiOrigin);
  if (existing) return existing;
  const built = (async () => {
    const outDir = path.join(mkdtempSync(path.join(tmpdir(), 'storefront-sample-')), 'dist');
    const result = runScript('build', ['--root', REPO_ROOT, '--out-dir', outDir, '--api-origin', apiOrigin]);
    if (result.status !== 0) throw new Error(`sample build failed:\n${result.stderr}`);
    return { outDir, result };
  })();
  builds.set(apiOrigin, built);
  return built;
}
