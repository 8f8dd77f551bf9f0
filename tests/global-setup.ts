import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from './helpers/fixture-project.ts';
import { runScript } from './helpers/run-cli.ts';
import { useRunTempFolder } from './helpers/run-temp-folder.ts';
import { SAMPLE_API_ORIGIN } from './helpers/sample-build.ts';

/**
 * The run's one build of the sample site, shared by every file of the `integration` and `bench`
 * projects through `inject('sampleDist')` (tests/helpers/sample-build.ts): the build, publishing
 * and browser suites read it, each browser file pointing it at its own order API (see
 * SAMPLE_API_ORIGIN). It goes under the run's temporary folder (tests/helpers/run-temp-folder.ts),
 * where a second project of the same run finds it rather than building it again.
 */
export default function buildSampleOnce(project: TestProject): () => void {
  const { root, teardown } = useRunTempFolder();
  const outDir = path.join(root, 'sample', 'dist');
  const printed = path.join(root, 'sample', 'build-output.txt');
  if (!existsSync(printed)) {
    const started = Date.now();
    const result = runScript('build', ['--root', REPO_ROOT, '--out-dir', outDir, '--api-origin', SAMPLE_API_ORIGIN], 900_000);
    if (result.status !== 0) {
      teardown();
      throw new Error(`the sample data does not build:\n${result.stderr}`);
    }
    const images = /^images: .*$/m.exec(result.stdout)?.[0] ?? '';
    console.log(`global setup: sample build in ${((Date.now() - started) / 1000).toFixed(0)} s (${images})`);
    writeFileSync(printed, result.stdout);
  }
  project.provide('sampleDist', outDir);
  project.provide('sampleBuildOutput', readFileSync(printed, 'utf8'));
  return teardown;
}
