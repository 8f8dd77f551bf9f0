import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './fixture-project.ts';
import { runScript, type CliResult } from './run-cli.ts';

let built: Promise<{ outDir: string; result: CliResult }> | undefined;

/**
 * The sample data built once per test process into a temporary folder, with the order API
 * pointed at a local origin. Images come from the repository's cache, so only the first
 * build on a machine encodes them.
 */
export function sampleBuild(apiOrigin = 'http://127.0.0.1:8787'): Promise<{ outDir: string; result: CliResult }> {
  built ??= (async () => {
    const outDir = path.join(mkdtempSync(path.join(tmpdir(), 'storefront-sample-')), 'dist');
    const result = runScript('build', ['--root', REPO_ROOT, '--out-dir', outDir, '--api-origin', apiOrigin]);
    if (result.status !== 0) throw new Error(`sample build failed:\n${result.stderr}`);
    return { outDir, result };
  })();
  return built;
}
