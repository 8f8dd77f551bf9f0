import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadProject } from '../src/core/data/load-project.ts';
import { previewFolder } from '../src/core/generator/deploy/preview-targets.ts';
import { REPO_ROOT } from './helpers/fixture-project.ts';

/**
 * The CI workflow, read as GitHub reads it: the commands it runs must exist, the pull request
 * path must be the README's, and the build matrix must be the tenants the build knows. The
 * deploy steps themselves are run against an S3 server by tests/s3-deploy.test.ts.
 */
const WORKFLOW_FILE = path.join(REPO_ROOT, '.github/workflows/storefronts.yml');

interface Step {
  id?: string;
  name?: string;
  if?: string;
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  if?: string;
  needs?: string | string[];
  outputs?: Record<string, string>;
  strategy?: { matrix?: unknown };
  env?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  concurrency?: { group: string; 'cancel-in-progress'?: unknown };
  jobs: Record<string, Job>;
}

const workflow = () => parse(readFileSync(WORKFLOW_FILE, 'utf8')) as Workflow;
const packageScripts = () => (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** The lines of a `run:` script, continuation lines joined, comments and blank lines left out. */
function scriptLines(run: string): string[] {
  return run
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** Every npm invocation in a script: what `npm` is asked to do, as [subcommand, script name]. */
function npmInvocations(run: string): { command: string; script?: string; text: string }[] {
  const found: { command: string; script?: string; text: string }[] = [];
  for (const match of run.matchAll(/(?:^|[\s;&|(`])npm\s+([^\n;&|)`]*)/g)) {
    const words = (match[1] as string)
      .trim()
      .split(/\s+/)
      .filter((word) => !word.startsWith('-'));
    const [command = '', script] = words;
    found.push({ command, script: command === 'run' || command === 'run-script' ? script : undefined, text: match[0].trim() });
  }
  return found;
}

/**
 * Whether a job runs for an event (and a pull request's action: 'synchronize', 'closed'), from its
 * `if:` (comparisons of github.event_name and github.event.action; one of a needed job's output,
 * which decides per run, counts as true) and its `needs`.
 */
function runsOn(jobs: Record<string, Job>, name: string, event: string, action = 'synchronize'): boolean {
  const job = jobs[name] as Job;
  const needs = job.needs === undefined ? [] : ([] as string[]).concat(job.needs);
  if (!needs.every((need) => runsOn(jobs, need, event, action))) return false;
  if (job.if === undefined) return true;
  const compare = (actual: string) => (_: string, op: string, value: string) => String(op === '==' ? value === actual : value !== actual);
  const expression = job.if
    .replace(/^\$\{\{|\}\}$/g, '')
    .replace(/github\.event_name\s*(==|!=)\s*'([^']*)'/g, compare(event))
    .replace(/github\.event\.action\s*(==|!=)\s*'([^']*)'/g, compare(event === 'pull_request' ? action : ''))
    .replace(/needs\.[\w-]+\.outputs\.[\w-]+\s*(==|!=)\s*'[^']*'/g, 'true');
  if (!/^[\s()!&|truefals]*$/.test(expression)) throw new Error(`cannot evaluate the if of job ${name}: ${job.if}`);
  return Boolean(new Function(`return (${expression});`)());
}

/** The README's setup commands: the lines of the sh code blocks of "Set up and run". */
function readmeCommands(): string[] {
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const section = /^## Set up and run\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1];
  if (!section) throw new Error('README.md has no "## Set up and run" section');
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```/gm)].flatMap((block) => scriptLines(block[1] as string));
}

describe('the CI workflow', () => {
  it('runs only npm commands that package.json or npm itself has', () => {
    const scripts = packageScripts();
    const builtIn = new Set(['ci', 'install']);
    // `npm test` and `npm start` are npm's shorthands for the scripts of those names.
    const shorthand = new Set(['test', 'start']);
    const invocations = Object.values(workflow().jobs).flatMap((job) => job.steps.flatMap((step) => (step.run ? npmInvocations(step.run) : [])));
    expect(invocations.length).toBeGreaterThan(5);
    for (const { command, script, text } of invocations) {
      if (command === 'run' || command === 'run-script') expect(Object.keys(scripts), text).toContain(script);
      else if (shorthand.has(command)) expect(Object.keys(scripts), text).toContain(command);
      else expect([...builtIn], `${text}: not an npm command this workflow may use`).toContain(command);
    }
  });

  it("runs exactly the README's two commands on a pull request, besides the jobs that build its preview as main builds", () => {
    const { on, jobs } = workflow();
    expect(Object.keys(on)).toContain('pull_request');
    const commands = readmeCommands();
    expect(commands).toHaveLength(2);
    // The preview runs main's own jobs (checked below); the rest is the newcomer's path.
    const onPullRequest = Object.keys(jobs).filter((name) => runsOn(jobs, name, 'pull_request') && !runsOn(jobs, name, 'push'));
    expect(onPullRequest.length).toBeGreaterThan(0);
    const runs = onPullRequest.flatMap((name) => (jobs[name] as Job).steps.flatMap((step) => (step.run ? scriptLines(step.run) : [])));
    expect(runs).toEqual(commands);
    for (const name of onPullRequest) expect(JSON.stringify(jobs[name])).not.toMatch(/aws s3|DEPLOY_CONFIGURED/);
  });

  it("builds on main one job per tenant, for exactly the tenants the build's loader finds", () => {
    const { on, jobs, concurrency } = workflow();
    expect((on.push as { branches: string[] }).branches).toEqual(['main']);
    // Two pushes to main never deploy at the same time, and a deploy in progress is never cancelled.
    expect(concurrency?.group).toMatch(/github\.event_name == 'push' && 'main'/);
    expect(String(concurrency?.['cancel-in-progress'])).toMatch(/pull_request/);

    const [buildName, build] = Object.entries(jobs).find(([, job]) => job.steps.some((step) => step.run?.includes('npm run build -- --tenant'))) ?? [];
    if (!build || !buildName) throw new Error('no job runs npm run build -- --tenant');
    expect(runsOn(jobs, buildName, 'push')).toBe(true);
    // On a pull request it builds the preview (below); never when one closes.
    expect(runsOn(jobs, buildName, 'pull_request', 'closed')).toBe(false);
    expect(build.steps.map((step) => step.run?.trim())).toContain('npm run build -- --tenant ${{ matrix.tenant }}');
    const upload = build.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.with?.path).toBe('dist/${{ matrix.tenant }}/');
    expect(build.env?.SITE_DIR).toBe('dist/${{ matrix.tenant }}');
    // validate passes before anything is built or published
    expect(([] as string[]).concat(build.needs ?? [])).toContain('validate');
    expect((jobs.validate as Job).steps.map((step) => step.run)).toContain('npm run validate');

    // The matrix comes from another job's output, which one of its steps writes: run that step.
    const source = /^\$\{\{\s*fromJSON\(needs\.([\w-]+)\.outputs\.([\w-]+)\)\s*\}\}$/.exec(String(build.strategy?.matrix));
    if (!source) throw new Error(`the build matrix is not read from a job's output: ${String(build.strategy?.matrix)}`);
    const [, planName, output] = source as unknown as [string, string, string];
    expect(([] as string[]).concat(build.needs ?? [])).toContain(planName);
    const plan = jobs[planName] as Job;
    const { step, output: stepOutput } = matrixStep(plan, output, 'push');
    const wiring = [undefined, step.id, stepOutput] as const;
    if (!step.run) throw new Error(`job ${planName} has no step ${wiring[1]} that runs a command`);
    const outputFile = path.join(mkdtempSync(path.join(tmpdir(), 'storefront-gh-output-')), 'output');
    writeFileSync(outputFile, '');
    const ran = spawnSync('bash', ['-e', '-c', step.run], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, GITHUB_OUTPUT: outputFile },
      timeout: 60_000,
    });
    expect(ran.status, ran.stderr).toBe(0);
    const line = readFileSync(outputFile, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith(`${wiring[2]}=`));
    if (!line) throw new Error(`step ${wiring[1]} wrote no ${wiring[2]}= to GITHUB_OUTPUT`);
    const matrix = JSON.parse(line.slice(wiring[2]!.length + 1)) as { include: { tenant: string; key: string }[] };

    const { project } = loadProject(REPO_ROOT);
    if (!project) throw new Error('the sample data must be valid');
    expect(matrix.include.map((entry) => entry.tenant)).toEqual(project.tenants.map((tenant) => tenant.id));
    // Each tenant's bucket folder ends with its route prefix (pages link to /<prefix>/…), and no
    // folder holds another, so one tenant's `--delete` can never remove another tenant's files.
    matrix.include.forEach(({ tenant, key }, index) => {
      const prefix = project.tenants.find((t) => t.id === tenant)?.routePrefix;
      if (prefix) expect(key.endsWith(`/${prefix}`), `${tenant}: ${key}`).toBe(true);
      matrix.include.forEach((other, otherIndex) => {
        if (otherIndex !== index) expect(other.key === key || other.key.startsWith(`${key}/`), `${other.key} inside ${key}`).toBe(false);
      });
    });
  });
});

/** The step of the plan job that writes its matrix output on an event: the output names one step per event, each step's `if` says which. */
function matrixStep(plan: Job, output: string, event: string): { step: Step; output: string } {
  const wired = [...(plan.outputs?.[output] ?? '').matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)].map((match) => ({
    id: match[1] as string,
    output: match[2] as string,
  }));
  if (wired.length === 0) throw new Error(`the plan job's output ${output} comes from no step`);
  const steps = wired.map((wire) => ({ step: plan.steps.find((candidate) => candidate.id === wire.id), output: wire.output }));
  const running = steps.filter(({ step }) => step?.if === `github.event_name == '${event}'`);
  if (running.length !== 1 || !running[0]?.step) throw new Error(`not exactly one step writes the matrix on ${event}: ${JSON.stringify(wired)}`);
  return running[0] as { step: Step; output: string };
}

describe('the preview of a pull request', () => {
  const buildJob = () =>
    Object.entries(workflow().jobs).find(([, job]) => job.steps.some((step) => step.run?.includes('npm run build -- --tenant'))) as [string, Job];

  it('runs the production build job, with a matrix of preview keys under _previews/pr-<number>/ from preview:plan', () => {
    const { jobs } = workflow();
    const [buildName, build] = buildJob();
    expect(runsOn(jobs, buildName, 'pull_request')).toBe(true);
    expect(runsOn(jobs, buildName, 'pull_request', 'closed')).toBe(false);
    // The build takes the preview's location from the matrix entry; main's entries have none.
    const buildStep = build.steps.find((step) => step.run?.trim() === 'npm run build -- --tenant ${{ matrix.tenant }}');
    expect(buildStep?.env).toEqual({ STOREFRONT_BASE_PATH: '${{ matrix.basePath }}', STOREFRONT_PREVIEW: '${{ matrix.preview }}' });
    // The deploy goes to the entry's key, whichever the event.
    expect(build.steps.find((step) => step.name?.startsWith('Deploy 1/'))?.env?.KEY).toBe('${{ matrix.key }}');

    const planName = /needs\.([\w-]+)\.outputs/.exec(String(build.strategy?.matrix))?.[1] as string;
    const { step, output } = matrixStep(jobs[planName] as Job, 'matrix', 'pull_request');
    expect(step.env?.PULL_REQUEST).toBe('${{ github.event.pull_request.number }}');
    // The step as the runner runs it, in a checkout whose last commit changed code: git answers with a source file.
    const temp = mkdtempSync(path.join(tmpdir(), 'storefront-gh-preview-'));
    const bin = path.join(temp, 'bin');
    mkdirSync(bin);
    writeFileSync(path.join(bin, 'git'), '#!/bin/sh\n[ "$*" = "diff --name-only HEAD^1 HEAD" ] || exit 2\necho src/core/generator/build-storefronts.ts\n', {
      mode: 0o755,
    });
    const outputFile = path.join(temp, 'output');
    writeFileSync(outputFile, '');
    const ran = spawnSync('bash', ['-e', '-c', step.run as string], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, GITHUB_OUTPUT: outputFile, RUNNER_TEMP: temp, PULL_REQUEST: '12' },
      timeout: 60_000,
    });
    expect(ran.status, ran.stderr).toBe(0);
    const line = readFileSync(outputFile, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith(`${output}=`)) as string;
    const matrix = JSON.parse(line.slice(output.length + 1)) as { include: { tenant: string; key: string; base: string; basePath: string; preview: string }[] };
    const { project } = loadProject(REPO_ROOT);
    expect(matrix.include.map((entry) => entry.tenant)).toEqual(project!.tenants.map((tenant) => tenant.id));
    for (const entry of matrix.include) {
      // Never a production key: everything the preview uploads or deletes is inside the pull request's folder.
      expect(entry.key.startsWith('_previews/pr-12/'), entry.key).toBe(true);
      expect(entry.base).toBe(`/${entry.key}/`);
      expect(entry.base.startsWith(entry.basePath)).toBe(true);
      expect(entry.preview).toBe('pull request #12');
    }
  });

  it("writes the preview's address, or why it was not published, to the run summary", () => {
    const [, build] = buildJob();
    const index = build.steps.findIndex((step) => step.run?.includes('GITHUB_STEP_SUMMARY'));
    const step = build.steps[index] as Step;
    expect(step.if).toBe("github.event_name == 'pull_request'");
    // After every deploy step, the check of the published copy included.
    expect(index).toBeGreaterThan(build.steps.findIndex((candidate) => candidate.run?.includes('npm run verify:manifest -- "$RUNNER_TEMP/')));
    const summary = (env: Record<string, string>) => {
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'storefront-gh-summary-')), 'summary');
      const ran = spawnSync('bash', ['-e', '-c', step.run as string], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, GITHUB_STEP_SUMMARY: file, TENANT: 'guardian', BASE: '/_previews/pr-12/_shared/guardian/', ...env },
      });
      expect(ran.status, ran.stderr).toBe(0);
      return readFileSync(file, 'utf8');
    };
    expect(summary({ DEPLOY_CONFIGURED: 'true', PREVIEW_ORIGIN: 'https://previews.example.com/', S3_DEST: 's3://b/_previews/pr-12/_shared/guardian' })).toBe(
      '- guardian: https://previews.example.com/_previews/pr-12/_shared/guardian/\n',
    );
    expect(summary({ DEPLOY_CONFIGURED: 'true', PREVIEW_ORIGIN: '', S3_DEST: 's3://b/_previews/pr-12/_shared/guardian' })).toMatch(
      /^- guardian: published to s3:\/\/b\/_previews\/pr-12\/_shared\/guardian\/ \(set the variable STOREFRONTS_PREVIEW_ORIGIN/,
    );
    // A fork's pull request: no secrets, so no deploy step ran; the summary says so instead of failing.
    expect(summary({ DEPLOY_CONFIGURED: 'false', PREVIEW_ORIGIN: '' })).toMatch(/^- guardian: built and kept as the artifact site-guardian, not published/);
    for (const deploy of build.steps.filter((candidate) => candidate.name?.startsWith('Deploy '))) expect(deploy.if).toBe("env.DEPLOY_CONFIGURED == 'true'");
  });

  it("removes exactly the pull request's folder when it closes, and nothing runs but that", () => {
    const { jobs } = workflow();
    const closing = Object.keys(jobs).filter((name) => runsOn(jobs, name, 'pull_request', 'closed'));
    expect(closing).toEqual(['preview-remove']);
    expect(runsOn(jobs, 'preview-remove', 'pull_request')).toBe(false);
    expect(runsOn(jobs, 'preview-remove', 'push')).toBe(false);
    const job = jobs['preview-remove'] as Job;
    const remove = job.steps.find((step) => step.run?.includes('aws s3 rm')) as Step;
    expect(remove.if).toBe("env.DEPLOY_CONFIGURED == 'true'");
    expect(job.env?.DEPLOY_CONFIGURED).toBe((buildJob()[1] as Job).env?.DEPLOY_CONFIGURED);
    expect(remove.env?.PULL_REQUEST).toBe('${{ github.event.pull_request.number }}');
    // Run as the runner runs it, with a stand-in `aws` that prints what it is asked: the folder preview:plan puts the pull request under, nothing else.
    const temp = mkdtempSync(path.join(tmpdir(), 'storefront-gh-remove-'));
    writeFileSync(path.join(temp, 'aws'), '#!/bin/sh\necho "aws $*"\n', { mode: 0o755 });
    const removeWith = (number: string, uri = 's3://bucket', endpoint = '') =>
      spawnSync('bash', ['-e', '-c', remove.run as string], {
        encoding: 'utf8',
        env: { PATH: `${temp}:${process.env.PATH}`, GITHUB_STEP_SUMMARY: path.join(temp, 'summary'), S3_URI: uri, PULL_REQUEST: number, S3_ENDPOINT: endpoint },
      });
    expect(removeWith('12').stdout).toBe(`aws s3 rm s3://bucket/${previewFolder(12)}/ --recursive --only-show-errors\n`);
    expect(removeWith('7', 's3://bucket/folder/').stdout).toBe(`aws s3 rm s3://bucket/folder/${previewFolder(7)}/ --recursive --only-show-errors\n`);
    // Another S3 service is named on the command line, which every aws-cli 2 reads (AWS_ENDPOINT_URL only 2.13 and newer).
    expect(removeWith('12', 's3://bucket', 'https://acct.r2.cloudflarestorage.com').stdout).toBe(
      `aws s3 rm s3://bucket/${previewFolder(12)}/ --recursive --only-show-errors --endpoint-url https://acct.r2.cloudflarestorage.com\n`,
    );
    // A missing or odd number stops the step before aws is reached.
    for (const bad of ['', '0', '007', '12/../..', '1 2']) {
      const ran = removeWith(bad);
      expect(ran.status, bad).toBe(1);
      expect(ran.stdout, bad).toBe('');
    }
  });
});
