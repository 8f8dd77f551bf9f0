import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MANIFEST_FILE, manifestOf } from '../src/core/generator/publish/publish-site.ts';
import { headersFor, parseHeadersFile } from '../src/core/headers-file.ts';
import { fixtureProject, REPO_ROOT } from './helpers/fixture-project.ts';
import { runScript } from './helpers/run-cli.ts';
import { startS3StandIn, type S3StandIn } from './helpers/s3-stand-in.ts';

/**
 * The workflow's deploy steps as GitHub runs them: read from the YAML, each step's shell run
 * with bash (`--noprofile --norc -eo pipefail`, GitHub's), its `env:` evaluated, GITHUB_ENV
 * carried to the next step, the real `aws` CLI on PATH (the pretest installs Debian's), against
 * the S3 server of tests/helpers/s3-stand-in.ts. A small fixture tenant is deployed, then a
 * build without one of its assets and pages, then the same after the grace period, then a build
 * whose changed page the bucket stores wrong.
 */
const WORKFLOW_FILE = path.join(REPO_ROOT, '.github/workflows/storefronts.yml');
const BUCKET = 'storefronts';
const KEY = '_shared/guardian';
const DAY_MS = 86_400_000;
const T0 = Date.parse('2026-03-02T09:00:00Z');

interface Step {
  name?: string;
  if?: string;
  run?: string;
  env?: Record<string, string>;
}
interface Job {
  env?: Record<string, string>;
  steps: Step[];
}

/** What the job's expressions read: the repository's secrets and variables, the matrix entry. */
const CONTEXT: Record<string, Record<string, string>> = {
  secrets: { STOREFRONTS_S3_ACCESS_KEY_ID: 'test-key-id', STOREFRONTS_S3_SECRET_ACCESS_KEY: 'test-secret' },
  vars: { STOREFRONTS_S3_URI: `s3://${BUCKET}/`, STOREFRONTS_S3_REGION: '', STOREFRONTS_VERIFY_SAMPLE: '5' },
  matrix: { tenant: 'guardian', key: KEY },
};

/** `${{ a.b || 'literal' }}`: the first operand that is not empty, as GitHub evaluates it. */
function evaluate(value: string, context: Record<string, Record<string, string>>): string {
  return value.replace(/\$\{\{(.*?)\}\}/g, (_, expression: string) => {
    for (const operand of expression.split('||').map((part) => part.trim())) {
      const literal = /^'(.*)'$/.exec(operand);
      const reference = /^(secrets|vars|matrix)\.([\w-]+)$/.exec(operand);
      if (!literal && !reference) throw new Error(`cannot evaluate ${operand} in ${value}`);
      const result = literal ? (literal[1] as string) : (context[reference![1] as string]?.[reference![2] as string] ?? '');
      if (result !== '') return result;
    }
    return '';
  });
}

function deployJob(): Job {
  const { jobs } = parse(readFileSync(WORKFLOW_FILE, 'utf8')) as { jobs: Record<string, Job> };
  const job = Object.values(jobs).find((candidate) => candidate.steps.some((step) => step.run?.includes('npm run build -- --tenant')));
  if (!job) throw new Error('no job builds a tenant');
  return job;
}

interface StepsRun {
  status: number;
  failedStep?: string;
  stdout: string;
  stderr: string;
}

/** Runs a shell script as a GitHub step does; asynchronously, since the S3 server answers from this process. */
function runStep(script: string, env: NodeJS.ProcessEnv): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 300_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status: status ?? 1, stdout, stderr }));
  });
}

/** Runs the job's deploy steps (those that need the bucket configured) for one site folder at a given time. */
async function runDeploySteps(server: S3StandIn, site: string, now: number, vars: Record<string, string> = {}): Promise<StepsRun> {
  const job = deployJob();
  const context = { ...CONTEXT, vars: { ...CONTEXT.vars, STOREFRONTS_S3_ENDPOINT: server.endpoint, ...vars } };
  const steps = job.steps.filter((step) => step.if === "env.DEPLOY_CONFIGURED == 'true'");
  const runnerTemp = mkdtempSync(path.join(tmpdir(), 'storefront-runner-'));
  const githubEnv = path.join(runnerTemp, 'github-env');
  writeFileSync(githubEnv, '');
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('AWS_')));
  let stdout = '';
  let stderr = '';
  for (const step of steps) {
    const carried = Object.fromEntries(
      readFileSync(githubEnv, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, evaluate(value, context)]));
    const env = {
      ...inherited,
      ...carried,
      ...stepEnv,
      SITE_DIR: site,
      GITHUB_ENV: githubEnv,
      RUNNER_TEMP: runnerTemp,
      DEPLOY_NOW: new Date(now).toISOString(),
    };
    const ran = await runStep(step.run as string, env);
    stdout += ran.stdout;
    stderr += ran.stderr;
    if (ran.status !== 0) return { status: ran.status, failedStep: step.name, stdout, stderr };
  }
  rmSync(runnerTemp, { recursive: true, force: true });
  return { status: 0, stdout, stderr };
}

/** Relative paths ('/' separators) of every file under dir. */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((entry) => statSync(path.join(dir, entry)).isFile())
    .map((entry) => entry.split(path.sep).join('/'))
    .sort();
}

const notUploaded = (file: string) => /\.(br|gz)$/.test(file) || file === '_headers';
const isPage = (file: string) => file.endsWith('.html');

/** Another build of a site: a copy with files removed and pages changed, and its manifest written again as the build writes it. */
async function nextBuild(from: string, change: { remove?: string[]; edit?: string[] }): Promise<string> {
  const site = path.join(mkdtempSync(path.join(tmpdir(), 'storefront-next-build-')), 'guardian');
  cpSync(from, site, { recursive: true });
  for (const file of change.remove ?? []) rmSync(path.join(site, file));
  for (const file of change.edit ?? []) {
    const text = readFileSync(path.join(site, file), 'utf8');
    rmSync(path.join(site, file));
    writeFileSync(path.join(site, file), text.replace('</body>', `<p>changed at ${Date.now()}</p></body>`));
    for (const sibling of ['.br', '.gz']) rmSync(path.join(site, file + sibling), { force: true });
  }
  writeFileSync(path.join(site, MANIFEST_FILE), `${JSON.stringify(await manifestOf(site), null, 1)}\n`);
  return site;
}

describe("the workflow's deploy steps, run against an S3 server", () => {
  let server: S3StandIn;
  let first = '';
  const objects = () => server.objects(BUCKET);
  const object = (file: string) => objects().get(`${KEY}/${file}`);

  beforeAll(async () => {
    const outDir = path.join(mkdtempSync(path.join(tmpdir(), 'storefront-deploy-build-')), 'dist');
    const built = runScript('build', ['--root', fixtureProject(), '--out-dir', outDir, '--tenant', 'guardian'], 600_000);
    if (built.status !== 0) throw new Error(`the fixture does not build:\n${built.stderr}`);
    first = path.join(outDir, 'guardian');
    // Pages of 10 keys: every listing the CLI and the deploy make goes through continuation tokens.
    server = await startS3StandIn({ pageSize: 10 });
    server.createBucket(BUCKET);
  }, 600_000);
  afterAll(() => server?.close());

  it('publishes every file with its headers, HTML last, keeps a dropped asset for the grace period, checks only the change and a sample, and fails on a corrupted file', async () => {
    // 1. The first deploy: everything goes up, each class with its Cache-Control, HTML after the rest, manifest.json last.
    const one = await runDeploySteps(server, first, T0);
    expect(one.status, `${one.failedStep}\n${one.stderr}`).toBe(0);
    const rules = parseHeadersFile(readFileSync(path.join(first, '_headers'), 'utf8'));
    const uploaded = filesOf(first).filter((file) => !notUploaded(file));
    expect(uploaded.some((file) => file.endsWith('.webp'))).toBe(true);
    for (const file of uploaded) {
      const stored = object(file);
      expect(stored, `${file} is not in the bucket`).toBeDefined();
      expect(stored!.body.equals(readFileSync(path.join(first, file))), file).toBe(true);
      expect(stored!.cacheControl, file).toBe(headersFor(rules, `/${file}`).get('cache-control'));
      if (file.endsWith('.webp')) expect(stored!.contentType, file).toBe('image/webp');
      if (isPage(file)) expect(stored!.contentType, file).toMatch(/^text\/html/);
    }
    expect([...objects().keys()].filter((key) => key.startsWith(`${KEY}/`) && notUploaded(key.slice(KEY.length + 1)))).toEqual([]);
    const puts = server.requests
      .filter((request) => request.operation === 'PutObject' && request.key?.startsWith(`${KEY}/`))
      .map((request) => (request.key as string).slice(KEY.length + 1));
    expect(puts.at(-1)).toBe(MANIFEST_FILE);
    const lastOther = Math.max(...puts.map((file, index) => (isPage(file) || file === MANIFEST_FILE ? -1 : index)));
    expect(lastOther, 'a file other than a page went up after the first page').toBeLessThan(puts.findIndex(isPage));
    // The ledger sits outside every served folder.
    expect(objects().has(`_deploys/${KEY}.json`)).toBe(true);
    expect(one.stdout).toMatch(/matches .*manifest\.json: \d+ objects listed; \d+ changed and 0 sampled files downloaded/);

    // 2. A build without one asset and one page, and with a changed page, a day later.
    const droppedAsset = uploaded.find((file) => file.startsWith('assets/img/') && file.endsWith('.webp')) as string;
    const droppedPage = uploaded.find((file) => file.startsWith('item/') && isPage(file)) as string;
    const second = await nextBuild(first, { remove: [droppedAsset, droppedPage], edit: ['checkout/index.html'] });
    const before = server.requests.length;
    const two = await runDeploySteps(server, second, T0 + DAY_MS);
    expect(two.status, `${two.failedStep}\n${two.stderr}`).toBe(0);
    expect(object(droppedAsset), 'an asset a page opened before the deploy may still load').toBeDefined();
    expect(object(droppedPage), 'a page the build no longer has').toBeUndefined();
    expect(object('checkout/index.html')!.body.equals(readFileSync(path.join(second, 'checkout/index.html')))).toBe(true);
    // Verified: the one changed page and a sample of 5, not the whole folder.
    expect(two.stdout).toMatch(/1 changed and 5 sampled files downloaded/);
    const downloaded = server.requests
      .slice(before)
      .filter((request) => request.operation === 'GetObject' && request.key?.startsWith(`${KEY}/`) && !request.key.endsWith(`/${MANIFEST_FILE}`));
    expect(downloaded.map((request) => request.key)).toContain(`${KEY}/checkout/index.html`);
    expect(downloaded).toHaveLength(6);

    // 3. The same build after the grace period (7 days by default): the dropped asset goes.
    const three = await runDeploySteps(server, second, T0 + 8 * DAY_MS);
    expect(three.status, `${three.failedStep}\n${three.stderr}`).toBe(0);
    expect(object(droppedAsset), 'an asset unreferenced for longer than the grace period').toBeUndefined();
    expect(three.stdout).toMatch(/0 changed and 5 sampled/);

    // 4. A changed page that the bucket stores wrong: the check names it and the step fails.
    const fourth = await nextBuild(second, { edit: ['index.html'] });
    server.corruptNextPut(BUCKET, `${KEY}/index.html`);
    const four = await runDeploySteps(server, fourth, T0 + 9 * DAY_MS);
    expect(four.status).toBe(1);
    expect(four.failedStep).toMatch(/^Deploy/);
    expect(four.stderr).toMatch(/^changed +index\.html/m);
    expect(four.stderr).toMatch(/does not match .*1 changed/);
  }, 900_000);

  it('checks the built folder against its own manifest before uploading it, and catches a changed file', () => {
    const steps = deployJob().steps.map((step) => step.run?.trim());
    const check = steps.indexOf('npm run verify:manifest -- "$SITE_DIR"');
    expect(check).toBeGreaterThan(steps.indexOf('npm run build -- --tenant ${{ matrix.tenant }}'));
    expect(check).toBeLessThan(deployJob().steps.findIndex((step) => step.if === "env.DEPLOY_CONFIGURED == 'true'"));
    const run = (site: string) =>
      spawnSync('bash', ['-e', '-c', steps[check]!], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, SITE_DIR: site }, timeout: 120_000 });
    const clean = run(first);
    expect(clean.status, clean.stderr).toBe(0);
    const copy = path.join(mkdtempSync(path.join(tmpdir(), 'storefront-modified-')), 'guardian');
    cpSync(first, copy, { recursive: true });
    rmSync(path.join(copy, 'robots.txt'));
    writeFileSync(path.join(copy, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    const modified = run(copy);
    expect(modified.status).toBe(1);
    expect(modified.stderr).toMatch(/^changed +robots\.txt/m);
  });
});
