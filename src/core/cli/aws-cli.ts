import { spawnSync } from 'node:child_process';
import { UserError } from '../user-error.ts';

/**
 * The oldest `aws` CLI of each major version the deploy accepts: the oldest each one was run
 * with against the deploy test's S3 server (Debian 12's package for version 2, pip's for version 1).
 * An older CLI may well work, but what runs in CI is then what was tested.
 */
export const MIN_AWS_CLI: Readonly<Record<number, string>> = { 1: '1.45.11', 2: '2.9.19' };

const INSTALL_HINT = 'https://docs.aws.amazon.com/cli/latest/userguide/getting-started-install.html (or Debian 12: apt-get install awscli)';

/** Why the CLI that printed `versionText` (`aws --version`) cannot run the deploy, in one line; undefined when it can. */
export function awsCliVersionProblem(versionText: string): string | undefined {
  const found = /aws-cli\/(\d+)\.(\d+)\.(\d+)/.exec(versionText);
  if (!found)
    return `the deploy needs the aws CLI ${MIN_AWS_CLI[2]} or newer, and \`aws --version\` printed no version (${versionText.trim().slice(0, 80) || 'nothing'}): install it from ${INSTALL_HINT}`;
  const version = found.slice(1, 4).map(Number) as [number, number, number];
  const minimum = MIN_AWS_CLI[version[0]];
  if (minimum === undefined)
    return `aws-cli ${version.join('.')} is a major version the deploy has not been tried with: it needs aws-cli ${MIN_AWS_CLI[2]} or newer 2.x, from ${INSTALL_HINT}`;
  const floor = minimum.split('.').map(Number);
  const older = version.findIndex((part, index) => part !== floor[index]);
  if (older !== -1 && version[older]! < floor[older]!)
    return `aws-cli ${version.join('.')} is too old for the deploy: it needs aws-cli ${minimum} or newer (${MIN_AWS_CLI[2]} or newer for 2.x), from ${INSTALL_HINT}`;
  return undefined;
}

/** Stops with one line when the `aws` on PATH is missing or older than MIN_AWS_CLI. */
export function checkAwsCli(): void {
  const ran = spawnSync('aws', ['--version'], { encoding: 'utf8', timeout: 60_000 });
  if (ran.error)
    throw new UserError(
      `the deploy needs the aws CLI ${MIN_AWS_CLI[2]} or newer and there is no \`aws\` on PATH (${(ran.error as NodeJS.ErrnoException).code}): install it from ${INSTALL_HINT}`,
    );
  // Version 1 printed its version on stderr before Python 3.4, on stdout since.
  const problem = awsCliVersionProblem(`${ran.stdout}\n${ran.stderr}`);
  if (problem) throw new UserError(problem);
}

/**
 * `--endpoint-url` on every command when AWS_ENDPOINT_URL is set: the variable alone is read only
 * by aws-cli 2.13 and 1.29 or newer, and Debian 12's 2.9.19 would otherwise send a deploy meant
 * for R2 or MinIO to AWS.
 */
function endpointArgs(): string[] {
  const endpoint = process.env.AWS_ENDPOINT_URL;
  return endpoint ? ['--endpoint-url', endpoint] : [];
}

export interface AwsResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs `aws <args>` with what it prints captured. */
export function aws(args: readonly string[]): AwsResult {
  const ran = spawnSync('aws', [...args, ...endpointArgs()], { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (ran.error) throw new UserError(`aws ${args.slice(0, 2).join(' ')}: ${ran.error.message}`);
  return { status: ran.status ?? 1, stdout: ran.stdout, stderr: ran.stderr };
}

/** Runs `aws <args>` with its output shown as it goes (uploads name each file); stops the deploy when it fails. */
export function awsShown(args: readonly string[]): void {
  const ran = spawnSync('aws', [...args, ...endpointArgs()], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (ran.error || ran.status !== 0)
    throw new UserError(`\`aws ${args.slice(0, 4).join(' ')} …\` failed (${ran.error?.message ?? `exit ${ran.status}`}); nothing after it ran`);
}

/** Runs `aws <args>` and stops the deploy, with its error, when it fails. */
export function awsChecked(args: readonly string[]): string {
  const result = aws(args);
  if (result.status !== 0) throw new UserError(`\`aws ${args.slice(0, 2).join(' ')}\` failed (exit ${result.status}): ${result.stderr.trim()}`);
  return result.stdout;
}
