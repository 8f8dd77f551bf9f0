import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { headersFor, parseHeadersFile } from '../src/core/headers-file.ts';
import { globPattern } from '../src/core/build/verify-manifest.ts';
import { loadProject } from '../src/core/data/load-project.ts';
import { previewFolder } from '../src/core/build/preview-targets.ts';
import { REPO_ROOT } from './helpers/fixture-project.ts';
import { filesOf } from './helpers/files-of.ts';
import { runScript } from './helpers/run-cli.ts';

/**
 * The CI workflow, read as GitHub reads it: the commands it runs must exist, the pull request
 * path must be the README's, the build matrix must be the tenants the build knows, and the
 * deploy must upload every file of a real tenant folder with the headers its `_headers` gives,
 * HTML last.
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

/** Shell words of one command line: quotes removed, `$VAR`/`${VAR}` replaced from `vars` (an unknown one is an error). */
function shellWords(line: string, vars: Record<string, string> = {}): string[] {
  const words: string[] = [];
  let word: string | undefined;
  const add = (text: string) => (word = (word ?? '') + text);
  const variable = (name: string) => {
    if (!(name in vars)) throw new Error(`unknown variable $${name} in: ${line}`);
    return vars[name] as string;
  };
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i] as string;
    if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (char === "'") {
      const end = line.indexOf("'", i + 1);
      add(line.slice(i + 1, end));
      i = end;
    } else if (char === '"') {
      let text = '';
      for (i += 1; line[i] !== '"'; i += 1) {
        const match = /^\$(?:\{(\w+)\}|(\w+))/.exec(line.slice(i));
        if (match) {
          text += variable((match[1] ?? match[2]) as string);
          i += match[0].length - 1;
        } else text += line[i];
      }
      add(text);
    } else if (char === '$' && /[\w{]/.test(line[i + 1] ?? '')) {
      const match = /^\$(?:\{(\w+)\}|(\w+))/.exec(line.slice(i)) as RegExpExecArray;
      add(variable((match[1] ?? match[2]) as string));
      i += match[0].length - 1;
    } else add(char);
  }
  if (word !== undefined) words.push(word);
  return words;
}

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

  it('runs exactly the README\'s two commands on a pull request, besides the jobs that build its preview as main builds', () => {
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

  it('builds on main one job per tenant, for exactly the tenants the build\'s loader finds', () => {
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

/** The step of the plan job that writes its matrix output on an event: the output names one step per event, each step's `if` says which. */
function matrixStep(plan: Job, output: string, event: string): { step: Step; output: string } {
  const wired = [...(plan.outputs?.[output] ?? '').matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)].map((match) => ({ id: match[1] as string, output: match[2] as string }));
  if (wired.length === 0) throw new Error(`the plan job's output ${output} comes from no step`);
  const steps = wired.map((wire) => ({ step: plan.steps.find((candidate) => candidate.id === wire.id), output: wire.output }));
  const running = steps.filter(({ step }) => step?.if === `github.event_name == '${event}'`);
  if (running.length !== 1 || !running[0]?.step) throw new Error(`not exactly one step writes the matrix on ${event}: ${JSON.stringify(wired)}`);
  return running[0] as { step: Step; output: string };
}

describe('the preview of a pull request', () => {
  const buildJob = () => Object.entries(workflow().jobs).find(([, job]) => job.steps.some((step) => step.run?.includes('npm run build -- --tenant'))) as [string, Job];

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
    writeFileSync(path.join(bin, 'git'), '#!/bin/sh\n[ "$*" = "diff --name-only HEAD^1 HEAD" ] || exit 2\necho src/core/build/build-storefronts.ts\n', { mode: 0o755 });
    const outputFile = path.join(temp, 'output');
    writeFileSync(outputFile, '');
    const ran = spawnSync('bash', ['-e', '-c', step.run as string], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, GITHUB_OUTPUT: outputFile, RUNNER_TEMP: temp, PULL_REQUEST: '12' }, timeout: 60_000 });
    expect(ran.status, ran.stderr).toBe(0);
    const line = readFileSync(outputFile, 'utf8').split('\n').find((entry) => entry.startsWith(`${output}=`)) as string;
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

  it('writes the preview\'s address, or why it was not published, to the run summary', () => {
    const [, build] = buildJob();
    const index = build.steps.findIndex((step) => step.run?.includes('GITHUB_STEP_SUMMARY'));
    const step = build.steps[index] as Step;
    expect(step.if).toBe("github.event_name == 'pull_request'");
    // After every deploy step, the check of the published copy included.
    expect(index).toBeGreaterThan(build.steps.findIndex((candidate) => candidate.run?.includes('npm run verify:manifest -- "$RUNNER_TEMP/')));
    const summary = (env: Record<string, string>) => {
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'storefront-gh-summary-')), 'summary');
      const ran = spawnSync('bash', ['-e', '-c', step.run as string], { encoding: 'utf8', env: { PATH: process.env.PATH, GITHUB_STEP_SUMMARY: file, TENANT: 'guardian', BASE: '/_previews/pr-12/_shared/guardian/', ...env } });
      expect(ran.status, ran.stderr).toBe(0);
      return readFileSync(file, 'utf8');
    };
    expect(summary({ DEPLOY_CONFIGURED: 'true', PREVIEW_ORIGIN: 'https://previews.example.com/', S3_DEST: 's3://b/_previews/pr-12/_shared/guardian' })).toBe('- guardian: https://previews.example.com/_previews/pr-12/_shared/guardian/\n');
    expect(summary({ DEPLOY_CONFIGURED: 'true', PREVIEW_ORIGIN: '', S3_DEST: 's3://b/_previews/pr-12/_shared/guardian' })).toMatch(/^- guardian: published to s3:\/\/b\/_previews\/pr-12\/_shared\/guardian\/ \(set the variable STOREFRONTS_PREVIEW_ORIGIN/);
    // A fork's pull request: no secrets, so no deploy step ran; the summary says so instead of failing.
    expect(summary({ DEPLOY_CONFIGURED: 'false', PREVIEW_ORIGIN: '' })).toMatch(/^- guardian: built and kept as the artifact site-guardian, not published/);
    for (const deploy of build.steps.filter((candidate) => candidate.name?.startsWith('Deploy '))) expect(deploy.if).toBe("env.DEPLOY_CONFIGURED == 'true'");
  });

  it('removes exactly the pull request\'s folder when it closes, and nothing runs but that', () => {
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
    const removeWith = (number: string, uri = 's3://bucket') => spawnSync('bash', ['-e', '-c', remove.run as string], { encoding: 'utf8', env: { PATH: `${temp}:${process.env.PATH}`, GITHUB_STEP_SUMMARY: path.join(temp, 'summary'), S3_URI: uri, PULL_REQUEST: number } });
    expect(removeWith('12').stdout).toBe(`aws s3 rm s3://bucket/${previewFolder(12)}/ --recursive --only-show-errors\n`);
    expect(removeWith('7', 's3://bucket/folder/').stdout).toBe(`aws s3 rm s3://bucket/folder/${previewFolder(7)}/ --recursive --only-show-errors\n`);
    // A missing or odd number stops the step before aws is reached.
    for (const bad of ['', '0', '007', '12/../..', '1 2']) {
      const ran = removeWith(bad);
      expect(ran.status, bad).toBe(1);
      expect(ran.stdout, bad).toBe('');
    }
  });
});

describe('the deploy, over a tenant folder built as the CI job builds it', () => {
  const TENANT = 'guardian';
  let site = '';

  beforeAll(() => {
    const outDir = path.join(mkdtempSync(path.join(tmpdir(), 'storefront-ci-build-')), 'dist');
    const result = runScript('build', ['--root', REPO_ROOT, '--out-dir', outDir, '--tenant', TENANT], 600_000);
    if (result.status !== 0) throw new Error(`the CI build command failed:\n${result.stderr}`);
    site = path.join(outDir, TENANT);
  }, 600_000);

  interface Sync {
    /** (step, line) order in the job. */
    position: number;
    step: string;
    from: string;
    filters: ['include' | 'exclude', RegExp][];
    cacheControl?: string;
    contentType?: string;
    delete: boolean;
  }

  /** The deploy's `aws s3 sync` and `aws s3 cp --recursive` commands from the build to the bucket, in the order they run. */
  function deploySyncs(): Sync[] {
    const build = Object.values(workflow().jobs).find((job) => job.steps.some((step) => step.run?.includes('npm run build -- --tenant'))) as Job;
    const syncs: Sync[] = [];
    build.steps.forEach((step, stepIndex) => {
      if (!step.run) return;
      scriptLines(step.run).forEach((line, lineIndex) => {
        if (!/^aws s3 (sync|cp) /.test(line)) return;
        const words = shellWords(line, { SITE_DIR: '@SITE', S3_DEST: '@DEST', RUNNER_TEMP: '@TEMP' });
        const [from = '', to = ''] = words.slice(3);
        if (from.startsWith('@DEST/')) return; // fetching back, for the check
        expect(step.if, `${step.name}: runs only when the bucket is configured`).toBe("env.DEPLOY_CONFIGURED == 'true'");
        expect(from.startsWith('@SITE/'), line).toBe(true);
        // The same folder on both sides, so bucket keys are the site's paths; the trailing '/'
        // keeps _shared/guard/ from listing _shared/guardian/.
        expect(to, line).toBe(from.replace('@SITE/', '@DEST/'));
        expect(from.endsWith('/'), line).toBe(true);
        const sync: Sync = { position: stepIndex * 1000 + lineIndex, step: step.name ?? '', from: from.slice('@SITE/'.length), filters: [], delete: false };
        // `cp` copies one file unless told --recursive; `sync` always walks the folder.
        if (words[2] === 'cp') expect(words, line).toContain('--recursive');
        for (let i = 5; i < words.length; i += 1) {
          const flag = words[i];
          if (flag === '--include' || flag === '--exclude') sync.filters.push([flag.slice(2) as 'include' | 'exclude', globPattern(words[++i] as string)]);
          else if (flag === '--cache-control') sync.cacheControl = words[++i];
          else if (flag === '--content-type') sync.contentType = words[++i];
          else if (flag === '--delete') sync.delete = true;
          else if (!['--size-only', '--no-progress', '--only-show-errors', '--recursive'].includes(flag as string)) throw new Error(`unexpected option ${flag} in: ${line}`);
        }
        syncs.push(sync);
      });
    });
    return syncs;
  }

  /** Whether a command takes a file (a path relative to the site): aws applies the filters in order, the last match deciding. */
  function selects(sync: Sync, file: string): boolean {
    if (!file.startsWith(sync.from)) return false;
    const relative = file.slice(sync.from.length);
    let taken = true;
    for (const [kind, pattern] of sync.filters) if (pattern.test(relative)) taken = kind === 'include';
    return taken;
  }

  /** What is deliberately not uploaded: S3 cannot pick a compressed sibling by Accept-Encoding, and does not read _headers. */
  const notUploaded = (file: string) => /\.(br|gz)$/.test(file) || file === '_headers';
  const TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp' };

  it('uploads every other file with the Cache-Control its _headers gives, and the type of AVIF and WebP named', () => {
    const syncs = deploySyncs();
    expect(syncs.length).toBeGreaterThan(3);
    const rules = parseHeadersFile(readFileSync(path.join(site, '_headers'), 'utf8'));
    const files = filesOf(site);
    expect(files).toContain('index.html');
    expect(files.some((file) => file.startsWith('assets/img/') && file.endsWith('.avif'))).toBe(true);
    for (const file of files) {
      const taking = syncs.filter((sync) => selects(sync, file));
      if (notUploaded(file)) {
        expect(taking.map((sync) => sync.step), `${file} must not be uploaded`).toEqual([]);
        continue;
      }
      expect(taking.length, `${file} is uploaded by no step`).toBeGreaterThan(0);
      const cacheControl = headersFor(rules, `/${file}`).get('cache-control');
      const type = TYPES[file.split('.').pop() as string];
      for (const sync of taking) {
        expect(sync.cacheControl, `${file} in "${sync.step}"`).toBe(cacheControl);
        expect(sync.contentType, `${file} in "${sync.step}"`).toBe(type);
      }
    }
  });

  it('uploads the assets and other files first, the HTML and manifest.json last, and deletes only after', () => {
    const syncs = deploySyncs();
    const firstUpload = (file: string) => Math.min(...syncs.filter((sync) => selects(sync, file)).map((sync) => sync.position));
    const uploaded = filesOf(site).filter((file) => !notUploaded(file));
    const last = (file: string) => file.endsWith('.html') || file === 'manifest.json';
    const pages = uploaded.filter(last);
    const others = uploaded.filter((file) => !last(file));
    expect(others.some((file) => file.startsWith('assets/'))).toBe(true);
    expect(others).toContain('robots.txt');
    const lastOther = Math.max(...others.map(firstUpload));
    const firstPage = Math.min(...pages.map(firstUpload));
    const lastPage = Math.max(...pages.map(firstUpload));
    expect(lastOther, 'an asset or other file is first uploaded after an HTML page').toBeLessThan(firstPage);
    const deletes = syncs.filter((sync) => sync.delete);
    for (const sync of deletes) expect(sync.position, `"${sync.step}" deletes before the pages are up`).toBeGreaterThanOrEqual(lastPage);
    // Every kind of path is cleaned up: a file the next build drops is deleted from the bucket.
    for (const file of uploaded) expect(deletes.some((sync) => selects(sync, file)), `${file}: no --delete pass covers it`).toBe(true);
  });

  it('checks the folder fetched back from the bucket against the manifest, leaving out exactly what was not uploaded', () => {
    const build = Object.values(workflow().jobs).find((job) => job.steps.some((step) => step.run?.includes('npm run build -- --tenant'))) as Job;
    const index = build.steps.findIndex((step) => step.run?.includes('npm run verify:manifest -- "$RUNNER_TEMP/'));
    expect(index, 'no step checks the published copy').toBeGreaterThan(-1);
    expect(index).toBeGreaterThan(Math.max(...deploySyncs().map((sync) => Math.floor(sync.position / 1000))));
    const line = scriptLines(build.steps[index]!.run!).find((entry) => entry.includes('verify:manifest')) as string;

    // What the bucket holds after the deploy: the folder less what the syncs leave out.
    const temp = mkdtempSync(path.join(tmpdir(), 'storefront-runner-temp-'));
    const published = path.join(temp, 'published');
    cpSync(site, published, { recursive: true, filter: (from) => !notUploaded(path.relative(site, from).split(path.sep).join('/')) });
    const check = () => spawnSync('bash', ['-e', '-c', line], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, SITE_DIR: site, RUNNER_TEMP: temp }, timeout: 120_000 });
    const clean = check();
    expect(clean.status, clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/all \d+ files match/);

    // A page that did not make it intact, and a leftover of an older deploy, are both named.
    appendFileSync(path.join(published, 'checkout/index.html'), '<!-- stale -->');
    writeFileSync(path.join(published, 'assets/old-0000aaaa.js'), '');
    const broken = check();
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/^changed +checkout\/index\.html/m);
    expect(broken.stderr).toMatch(/^unexpected +assets\/old-0000aaaa\.js/m);
  });

  it('checks the built folder against its own manifest before uploading it, and catches a changed file', () => {
    const build = Object.values(workflow().jobs).find((job) => job.steps.some((step) => step.run?.includes('npm run build -- --tenant'))) as Job;
    const steps = build.steps.map((step) => step.run?.trim());
    const check = steps.indexOf('npm run verify:manifest -- "$SITE_DIR"');
    expect(check).toBeGreaterThan(steps.indexOf('npm run build -- --tenant ${{ matrix.tenant }}'));
    const run = () => spawnSync('bash', ['-e', '-c', steps[check]!], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, SITE_DIR: site }, timeout: 120_000 });
    const clean = run();
    expect(clean.status, clean.stderr).toBe(0);
    const copy = path.join(mkdtempSync(path.join(tmpdir(), 'storefront-modified-')), TENANT);
    cpSync(site, copy, { recursive: true });
    writeFileSync(path.join(copy, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    const modified = spawnSync('bash', ['-e', '-c', steps[check]!], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, SITE_DIR: copy }, timeout: 120_000 });
    expect(modified.status).toBe(1);
    expect(modified.stderr).toMatch(/^changed +robots\.txt/m);
  });
});
