import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadProject } from '../src/core/data/load-project.ts';
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
    const words = (match[1] as string).trim().split(/\s+/).filter((word) => !word.startsWith('-'));
    const [command = '', script] = words;
    found.push({ command, script: command === 'run' || command === 'run-script' ? script : undefined, text: match[0].trim() });
  }
  return found;
}

/** Whether a job runs for an event, from its `if:` (comparisons of github.event_name only) and its `needs`. */
function runsOn(jobs: Record<string, Job>, name: string, event: string): boolean {
  const job = jobs[name] as Job;
  const needs = job.needs === undefined ? [] : ([] as string[]).concat(job.needs);
  if (!needs.every((need) => runsOn(jobs, need, event))) return false;
  if (job.if === undefined) return true;
  const expression = job.if
    .replace(/^\$\{\{|\}\}$/g, '')
    .replace(/github\.event_name\s*(==|!=)\s*'([^']*)'/g, (_, op: string, value: string) => String(op === '==' ? value === event : value !== event));
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

  it('runs exactly the README\'s two commands on a pull request', () => {
    const { on, jobs } = workflow();
    expect(Object.keys(on)).toContain('pull_request');
    const commands = readmeCommands();
    expect(commands).toHaveLength(2);
    const onPullRequest = Object.keys(jobs).filter((name) => runsOn(jobs, name, 'pull_request'));
    expect(onPullRequest.length).toBeGreaterThan(0);
    const runs = onPullRequest.flatMap((name) => (jobs[name] as Job).steps.flatMap((step) => (step.run ? scriptLines(step.run) : [])));
    expect(runs).toEqual(commands);
    // Nothing publishes from a pull request.
    for (const name of onPullRequest) expect(JSON.stringify(jobs[name])).not.toMatch(/aws s3|DEPLOY_CONFIGURED/);
  });

  it('builds on main one job per tenant, for exactly the tenants the build\'s loader finds', () => {
    const { on, jobs, concurrency } = workflow();
    expect((on.push as { branches: string[] }).branches).toEqual(['main']);
    // Two pushes to main never deploy at the same time, and a deploy in progress is never cancelled.
    expect(concurrency?.group).toMatch(/github\.event_name == 'push' && 'main'/);
    expect(String(concurrency?.['cancel-in-progress'])).toMatch(/pull_request/);

    const [buildName, build] = Object.entries(jobs).find(([, job]) => job.steps.some((step) => step.run?.includes('npm run build -- --tenant'))) ?? [];
    if (!build || !buildName) throw new Error('no job runs npm run build -- --tenant');
    expect(runsOn(jobs, buildName, 'push')).toBe(true);
    expect(runsOn(jobs, buildName, 'pull_request')).toBe(false);
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
    const wiring = /^\$\{\{\s*steps\.([\w-]+)\.outputs\.([\w-]+)\s*\}\}$/.exec(plan.outputs?.[output] ?? '');
    if (!wiring) throw new Error(`job ${planName} has no output ${output} from a step`);
    const step = plan.steps.find((candidate) => candidate.id === wiring[1]);
    if (!step?.run) throw new Error(`job ${planName} has no step ${wiring[1]} that runs a command`);
    const outputFile = path.join(mkdtempSync(path.join(tmpdir(), 'storefront-gh-output-')), 'output');
    writeFileSync(outputFile, '');
    const ran = spawnSync('bash', ['-e', '-c', step.run], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, GITHUB_OUTPUT: outputFile }, timeout: 60_000 });
    expect(ran.status, ran.stderr).toBe(0);
    const line = readFileSync(outputFile, 'utf8').split('\n').find((entry) => entry.startsWith(`${wiring[2]}=`));
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

describe('the deployment guide', () => {
  it('names every environment variable the order API reads', () => {
    const config = readFileSync(path.join(REPO_ROOT, 'server/config.ts'), 'utf8');
    const names = [...new Set([...config.matchAll(/\b(?:text|integer|flag|url)\('([A-Z][A-Z0-9_]*)'/g)].map((match) => match[1] as string))];
    expect(names.length).toBeGreaterThan(30);
    const guide = readFileSync(path.join(REPO_ROOT, 'docs/publishing.md'), 'utf8');
    for (const name of names) expect(guide, `docs/publishing.md does not name ${name}`).toContain(`\`${name}\``);
  });
});
