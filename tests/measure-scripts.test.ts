// The measuring scripts are run by hand, so nothing else would notice when a change breaks
// them (the order API once refused the benchmark's orders). Each runs here on a short setting.
import { describe, expect, it } from 'vitest';
import { runScript } from './helpers/run-cli.ts';
import { sampleBuild } from './helpers/sample-build.ts';

describe('the measuring scripts', () => {
  it('npm run bench:api loads the API with orders it accepts, and prints its table', () => {
    const result = runScript('bench-api', ['--duration', '1', '--connections', '2'], 120_000);
    expect(result.status, result.stderr).toBe(0);
    const rows = result.stdout.split('\n').filter((line) => /^\| (create|retrieve)/.test(line));
    expect(rows).toHaveLength(2);
    // Each row: call | req/s | p50 | p99 | requests | failed (0).
    for (const row of rows) expect(row).toMatch(/\|\s+[1-9]\d*\s+\|\s+\d+ ms\s+\|\s+\d+ ms\s+\|\s+[1-9]\d*\s+\|\s+0\s+\|$/);
  }, 120_000);

  it('npm run report:js prints each page type against its budget', async () => {
    const { outDir } = await sampleBuild();
    const result = runScript('report-js', ['--out-dir', outDir]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^ {2}checkout +\d+\.\d KB {3}budget 80\.0 KB$/m);
    expect(result.stdout).not.toContain('OVER');
  }, 600_000);
});
