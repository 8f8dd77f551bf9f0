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
 * The CI workflow, read as GitHub reads it: which job can see which credential on which event,
 * that every action is pinned, that nothing is published before the tests and every build have
 * passed, that the commands it runs exist and the plans it makes are the right tenants. The
 * release step itself is run against an S3 server by tests/s3-deploy.test.ts.
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
  environment?: string | { name: string };
  permissions?: Record<string, string> | string;
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
    .replace(/github\.ref\s*(==|!=)\s*'([^']*)'/g, compare(event === 'pull_request' ? 'refs/pull/12/merge' : 'refs/heads/main'))
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

const EVENTS = ['pull_request', 'push', 'schedule', 'workflow_dispatch'] as const;
const PRODUCTION_SECRET = /secrets\.STOREFRONTS_S3_/;
const environmentOf = (job: Job) => (typeof job.environment === 'string' ? job.environment : job.environment?.name);

/** Runs a `run:` script as the runner does, with stand-in commands first on PATH. */
function runWith(script: string, stubs: Record<string, string>, env: Record<string, string>) {
  const temp = mkdtempSync(path.join(tmpdir(), 'storefront-gh-step-'));
  const bin = path.join(temp, 'bin');
  mkdirSync(bin);
  for (const [name, text] of Object.entries(stubs)) writeFileSync(path.join(bin, name), `#!/bin/sh\n${text}\n`, { mode: 0o755 });
  const outputFile = path.join(temp, 'output');
  writeFileSync(outputFile, '');
  const ran = spawnSync('bash', ['-e', '-c', script], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, GITHUB_OUTPUT: outputFile, RUNNER_TEMP: temp, ...env },
    timeout: 60_000,
  });
  const output = (name: string) =>
    readFileSync(outputFile, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith(`${name}=`))
      ?.slice(name.length + 1);
  return { ...ran, output };
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

  it("runs the README's two commands on every event, pull requests and main alike", () => {
    const { on, jobs } = workflow();
    expect(Object.keys(on).sort()).toEqual([...EVENTS].sort());
    const commands = readmeCommands();
    expect(commands).toHaveLength(2);
    const test = jobs.test as Job;
    expect(test.steps.flatMap((step) => (step.run ? scriptLines(step.run) : []))).toEqual(commands);
    for (const event of EVENTS) expect(runsOn(jobs, 'test', event), event).toBe(true);
    expect(runsOn(jobs, 'test', 'pull_request', 'closed')).toBe(false);
  });

  it('gives no job a pull request can start the production credential, and keeps that credential behind the production environment', () => {
    const { on, jobs } = workflow();
    // pull_request_target would run with the base's secrets on a fork's code.
    expect(Object.keys(on)).not.toContain('pull_request_target');
    const seeing = Object.entries(jobs).filter(([, job]) => PRODUCTION_SECRET.test(JSON.stringify(job)));
    expect(seeing.map(([name]) => name)).toEqual(['release']);
    for (const [name, job] of seeing) {
      for (const action of ['opened', 'synchronize', 'reopened', 'closed'])
        expect(runsOn(jobs, name, 'pull_request', action), `${name} on pull_request ${action}`).toBe(false);
      // The environment's secrets reach only jobs on the branches it allows (main: docs/publishing.md).
      expect(environmentOf(job)).toBe('production');
      expect(job.if).toMatch(/github\.ref == 'refs\/heads\/main'/);
    }
    // Every job that runs on a pull request sees at most the preview credential, from the preview environment.
    for (const [name, job] of Object.entries(jobs)) {
      if (!['opened', 'closed'].some((action) => runsOn(jobs, name, 'pull_request', action))) continue;
      expect(JSON.stringify(job), name).not.toMatch(PRODUCTION_SECRET);
      if (/secrets\./.test(JSON.stringify(job))) expect(environmentOf(job), name).toBe('preview');
    }
  });

  it('pins every action by commit, and gives every job only the permissions it names, none to write', () => {
    const text = readFileSync(WORKFLOW_FILE, 'utf8');
    const uses = [...text.matchAll(/^\s*(?:-\s+)?uses:\s*(\S+)(.*)$/gm)];
    expect(uses.length).toBeGreaterThan(5);
    for (const [line, action, rest] of uses) {
      expect(action, line).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/);
      expect(rest, `${line}: the tag it stands for, as a comment`).toMatch(/^\s+# v\d/);
    }
    const { jobs } = workflow();
    expect((parse(text) as { permissions?: unknown }).permissions).toEqual({});
    for (const [name, job] of Object.entries(jobs)) {
      expect(job.permissions, `${name} names its permissions`).toBeDefined();
      expect(Object.values(job.permissions as Record<string, string>), name).not.toContain('write');
    }
  });

  it('publishes main only after the tests and the build of every planned tenant have passed, as one release', () => {
    const { jobs, concurrency } = workflow();
    const release = jobs.release as Job;
    expect(([] as string[]).concat(release.needs ?? []).sort()).toEqual(['build', 'plan', 'test']);
    for (const event of ['push', 'schedule', 'workflow_dispatch']) expect(runsOn(jobs, 'release', event), event).toBe(true);
    // Two runs never publish at once, and a release in progress is never cancelled.
    expect(concurrency?.group).toMatch(/github\.event_name == 'pull_request' && github\.ref \|\| 'main'/);
    expect(String(concurrency?.['cancel-in-progress'])).toMatch(/pull_request/);
    // One build job for every planned tenant (no matrix of jobs that could publish one by one), and one deploy of them all.
    const build = jobs.build as Job;
    expect(build.strategy).toBeUndefined();
    expect(build.steps.some((step) => step.run?.includes('npm run build -- --plan "$RUNNER_TEMP/release/plan.json"'))).toBe(true);
    const deploys = Object.values(jobs).flatMap((job) => job.steps.filter((step) => step.run?.includes('deploy:s3')));
    expect(deploys).toHaveLength(2);
    const releaseStep = release.steps.find((step) => step.run?.includes('deploy:s3')) as Step;
    expect(releaseStep.run).toMatch(/--prune "\$release\/tenants\.json"/);
    expect(releaseStep.run).toMatch(/--ledger "\$\{S3_URI%\/\}\/_deploys\/release\.json"/);
    // The host's limits are checked before the release is kept for publishing.
    const hostCheck = build.steps.findIndex((step) => step.run?.includes('shared-host -- --host "$HOST" --check-dist'));
    expect(hostCheck).toBeGreaterThan(build.steps.findIndex((step) => step.run?.includes('npm run build')));
    expect(hostCheck).toBeLessThan(build.steps.findIndex((step) => step.uses?.startsWith('actions/upload-artifact@')));
  });

  it('plans on main the tenants changed since the last successful release, and every tenant when there is none to compare with', () => {
    const { jobs } = workflow();
    const plan = jobs.plan as Job;
    const { step, output } = matrixStep(plan, 'matrix', 'push');
    const { project } = loadProject(REPO_ROOT);
    if (!project) throw new Error('the sample data must be valid');
    const git = (changed: string) =>
      [
        'case "$1 $2" in',
        '  "merge-base --is-ancestor") [ "$3" = 1111111111111111111111111111111111111111 ] && exit 0 || exit 1 ;;',
        `  "diff --name-only") [ "$3" = 1111111111111111111111111111111111111111 ] && echo ${changed} && exit 0 ;;`,
        'esac',
        'exit 2',
      ].join('\n');
    const plannedWith = (lastRelease: string, changed = 'tenants/guardian.yaml') => {
      const ran = runWith(step.run as string, { gh: `echo "${lastRelease}"`, git: git(changed) }, { EVENT: 'push', REPOSITORY: 'owner/storefronts' });
      expect(ran.status, ran.stderr).toBe(0);
      return (JSON.parse(ran.output(output) as string) as { include: { tenant: string; key: string }[] }).include;
    };
    // A tenant file changed since the last release: that tenant alone.
    expect(plannedWith('1111111111111111111111111111111111111111').map((entry) => entry.tenant)).toEqual(['guardian']);
    // Code changed: every tenant.
    expect(plannedWith('1111111111111111111111111111111111111111', 'src/pages/item-page.tsx')).toHaveLength(project.tenants.length);
    // No release yet, or one not in this history: every tenant, each to its own folder.
    for (const last of ['', '2222222222222222222222222222222222222222']) {
      const matrix = plannedWith(last);
      expect(matrix.map((entry) => entry.tenant)).toEqual(project.tenants.map((tenant) => tenant.id));
      matrix.forEach(({ tenant, key }, index) => {
        const prefix = project.tenants.find((t) => t.id === tenant)?.routePrefix;
        if (prefix) expect(key.endsWith(`/${prefix}`), `${tenant}: ${key}`).toBe(true);
        matrix.forEach((other, otherIndex) => {
          if (otherIndex !== index) expect(other.key === key || other.key.startsWith(`${key}/`), `${other.key} inside ${key}`).toBe(false);
        });
      });
    }
    // At night (and by hand) every tenant, without asking for the last release.
    const nightly = runWith(step.run as string, { gh: 'exit 3', git: 'exit 2' }, { EVENT: 'schedule', REPOSITORY: 'owner/storefronts' });
    expect(nightly.status, nightly.stderr).toBe(0);
    expect(JSON.parse(nightly.output(output) as string).include).toHaveLength(project.tenants.length);
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
  const running = steps.filter(({ step }) => {
    const condition = step?.if ?? '';
    return event === 'pull_request' ? condition === "github.event_name == 'pull_request'" : condition === "github.event_name != 'pull_request'";
  });
  if (running.length !== 1 || !running[0]?.step) throw new Error(`not exactly one step writes the matrix on ${event}: ${JSON.stringify(wired)}`);
  return running[0] as { step: Step; output: string };
}

describe('the preview of a pull request', () => {
  it('builds with no credential, and publishes with the preview credential under _previews/pr-<number>/ from preview:plan', () => {
    const { jobs } = workflow();
    expect(runsOn(jobs, 'build', 'pull_request')).toBe(true);
    expect(runsOn(jobs, 'build', 'pull_request', 'closed')).toBe(false);
    expect(JSON.stringify(jobs.build)).not.toMatch(/secrets\./);
    const preview = jobs.preview as Job;
    expect(runsOn(jobs, 'preview', 'pull_request')).toBe(true);
    expect(runsOn(jobs, 'preview', 'push')).toBe(false);
    expect(environmentOf(preview)).toBe('preview');
    const publish = preview.steps.find((step) => step.run?.includes('deploy:s3')) as Step;
    expect(publish.env?.AWS_ACCESS_KEY_ID).toBe('${{ secrets.STOREFRONTS_PREVIEW_S3_ACCESS_KEY_ID }}');
    // Its ledger lies inside the pull request's folder, which the preview credential may write and preview-remove removes.
    expect(publish.run).toMatch(/--ledger "\$\{S3_URI%\/\}\/_previews\/pr-\$PULL_REQUEST\/_deploy-ledger\.json"/);
    expect(publish.run).not.toMatch(/--prune/);

    const { step, output } = matrixStep(jobs.plan as Job, 'matrix', 'pull_request');
    expect(step.env?.PULL_REQUEST).toBe('${{ github.event.pull_request.number }}');
    // The step as the runner runs it, in a checkout whose last commit changed code: git answers with a source file.
    const ran = runWith(
      step.run as string,
      { git: '[ "$*" = "diff --name-only HEAD^1 HEAD" ] || exit 2\necho src/core/generator/build-storefronts.ts' },
      { PULL_REQUEST: '12' },
    );
    expect(ran.status, ran.stderr).toBe(0);
    const matrix = JSON.parse(ran.output(output) as string) as { include: { tenant: string; key: string; base: string; basePath: string; preview: string }[] };
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

  it("writes the preview's addresses, or why it was not published, to the run summary", () => {
    const preview = workflow().jobs.preview as Job;
    const index = preview.steps.findIndex((step) => step.run?.includes('GITHUB_STEP_SUMMARY'));
    // After the publishing step and its check.
    expect(index).toBeGreaterThan(preview.steps.findIndex((step) => step.run?.includes('deploy:s3')));
    const step = preview.steps[index] as Step;
    const summary = (env: Record<string, string>) => {
      const temp = mkdtempSync(path.join(tmpdir(), 'storefront-gh-summary-'));
      mkdirSync(path.join(temp, 'release'));
      writeFileSync(
        path.join(temp, 'release/plan.json'),
        JSON.stringify({ include: [{ tenant: 'guardian', base: '/_previews/pr-12/_shared/guardian/', key: '_previews/pr-12/_shared/guardian' }] }),
      );
      const file = path.join(temp, 'summary');
      const ran = spawnSync('bash', ['-e', '-c', step.run as string], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, GITHUB_STEP_SUMMARY: file, RUNNER_TEMP: temp, ...env },
      });
      expect(ran.status, ran.stderr).toBe(0);
      return readFileSync(file, 'utf8');
    };
    expect(summary({ DEPLOY_CONFIGURED: 'true', PREVIEW_ORIGIN: 'https://previews.example.com/', S3_URI: 's3://b' })).toBe(
      '- guardian: https://previews.example.com/_previews/pr-12/_shared/guardian/\n',
    );
    expect(summary({ DEPLOY_CONFIGURED: 'true', PREVIEW_ORIGIN: '', S3_URI: 's3://b' })).toMatch(
      /^- guardian: published to s3:\/\/b\/_previews\/pr-12\/_shared\/guardian\/ \(set the variable STOREFRONTS_PREVIEW_ORIGIN/,
    );
    // A fork's pull request: no credential, so nothing was published; the summary says so instead of failing.
    expect(summary({ DEPLOY_CONFIGURED: 'false', PREVIEW_ORIGIN: '' })).toMatch(/^- guardian: built and kept as the artifact release, not published/);
  });

  it("removes exactly the pull request's folder, its ledger with it, when it closes, and nothing runs but that", () => {
    const { jobs } = workflow();
    const closing = Object.keys(jobs).filter((name) => runsOn(jobs, name, 'pull_request', 'closed'));
    expect(closing).toEqual(['preview-remove']);
    expect(runsOn(jobs, 'preview-remove', 'pull_request')).toBe(false);
    expect(runsOn(jobs, 'preview-remove', 'push')).toBe(false);
    const job = jobs['preview-remove'] as Job;
    expect(environmentOf(job)).toBe('preview');
    const remove = job.steps.find((step) => step.run?.includes('aws s3 rm')) as Step;
    expect(remove.if).toBe("env.DEPLOY_CONFIGURED == 'true'");
    expect(job.env?.DEPLOY_CONFIGURED).toBe((jobs.preview as Job).env?.DEPLOY_CONFIGURED);
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
