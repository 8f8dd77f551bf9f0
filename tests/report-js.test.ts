// `npm run report:js` is how the pages' JavaScript budgets (docs/performance.md) are checked by
// hand; it measures bytes, not time, so it runs in every `npm test` against the run's one build.
import { describe, expect, it } from 'vitest';
import { runScript } from './helpers/run-cli.ts';
import { sampleDist } from './helpers/sample-build.ts';

describe('npm run report:js', () => {
  it('prints each page type against its budget', async () => {
    const outDir = sampleDist();
    const result = runScript('report-js', ['--out-dir', outDir]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^ {2}checkout +\d+\.\d KB {3}budget 84\.0 KB$/m);
    expect(result.stdout).not.toContain('OVER');
  }, 600_000);
});
