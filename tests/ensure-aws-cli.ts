import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { awsCliVersionProblem } from '../src/core/cli/aws-cli.ts';
import { commandExists } from './browser/ensure-chromium.ts';

const INSTALL = 'apt-get update && apt-get install -y awscli';

/**
 * Runs before `npm test` (the `pretest` script), after the Chromium check: the deploy test runs
 * the workflow's deploy steps with the real `aws` CLI. As root with apt, Debian's package
 * (2.9.19 on Debian 12, the oldest version 2 the deploy accepts) is installed here; otherwise
 * one line names the command to run, before any test starts.
 */
export function ensureAwsCli(): { ok: true } | { ok: false; message: string } {
  const problem = versionProblem();
  if (problem === undefined) return { ok: true };
  if (commandExists('aws')) return { ok: false, message: `the deploy test needs a newer aws CLI: ${problem}` };
  if (process.getuid?.() !== 0 || !commandExists('apt-get'))
    return {
      ok: false,
      message: `The deploy test needs the aws CLI: run \`sudo sh -c '${INSTALL}'\` (Debian or Ubuntu), or install it from https://docs.aws.amazon.com/cli/latest/userguide/getting-started-install.html`,
    };
  console.log(`pretest: no aws CLI; installing Debian's awscli package for the deploy test (${INSTALL})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'awscli'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (result.status !== 0)
      return { ok: false, message: `\`apt-get ${args.join(' ')}\` failed (exit ${result.status}): run \`${INSTALL}\` by hand and read its output` };
  }
  const after = versionProblem();
  return after === undefined ? { ok: true } : { ok: false, message: `installed Debian's awscli, but ${after}` };
}

function versionProblem(): string | undefined {
  const ran = spawnSync('aws', ['--version'], { encoding: 'utf8', timeout: 60_000 });
  return awsCliVersionProblem(ran.error ? '' : `${ran.stdout}\n${ran.stderr}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outcome = ensureAwsCli();
  if (!outcome.ok) {
    console.error(`npm test: ${outcome.message}`);
    process.exitCode = 1;
  }
}
