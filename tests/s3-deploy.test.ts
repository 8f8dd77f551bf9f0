import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MANIFEST_FILE, type ManifestEntry } from '../src/core/generator/shared/site-manifest.ts';
import { headersFor, parseHeadersFile } from '../src/core/headers-file.ts';
import { REPO_ROOT } from './helpers/fixture-project.ts';
import { generatedTenantsProject } from './helpers/generated-tenants.ts';
import { runScript } from './helpers/run-cli.ts';
import { startS3StandIn, type S3StandIn } from './helpers/s3-stand-in.ts';

/**
 * The workflow's release step as GitHub runs it: read from the YAML, its shell run with bash
 * (`--noprofile --norc -eo pipefail`, GitHub's), its `env:` evaluated, the real `aws` CLI on PATH
 * (the pretest installs Debian's), against the S3 server of tests/helpers/s3-stand-in.ts, with the
 * release the build job leaves in $RUNNER_TEMP/release/. The data: the base fixture and 100
 * generated tenants, each showing the same catalog (docs/publishing.md, Figures).
 */
const WORKFLOW_FILE = path.join(REPO_ROOT, '.github/workflows/storefronts.yml');
const BUCKET = 'storefronts';
const TENANTS = 100;
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

/** What the job's expressions read. */
const CONTEXT: Record<string, Record<string, string>> = {
  secrets: { STOREFRONTS_S3_ACCESS_KEY_ID: 'test-key-id', STOREFRONTS_S3_SECRET_ACCESS_KEY: 'test-secret' },
  vars: { STOREFRONTS_S3_URI: `s3://${BUCKET}/`, STOREFRONTS_S3_REGION: '', STOREFRONTS_VERIFY_SAMPLE: '5' },
  github: { event_name: 'push', sha: 'c0ffee' },
};

/** `${{ a.b || 'literal' }}`: the first operand that is not empty, as GitHub evaluates it. */
function evaluate(value: string, context: Record<string, Record<string, string>>): string {
  return value.replace(/\$\{\{(.*?)\}\}/g, (_, expression: string) => {
    for (const operand of expression.split('||').map((part) => part.trim())) {
      const literal = /^'(.*)'$/.exec(operand);
      const reference = /^(secrets|vars|github)\.([\w-]+)$/.exec(operand);
      if (!literal && !reference) throw new Error(`cannot evaluate ${operand} in ${value}`);
      const result = literal ? (literal[1] as string) : (context[reference![1] as string]?.[reference![2] as string] ?? '');
      if (result !== '') return result;
    }
    return '';
  });
}

function releaseSteps(): Step[] {
  const { jobs } = parse(readFileSync(WORKFLOW_FILE, 'utf8')) as { jobs: Record<string, Job> };
  const steps = (jobs.release as Job).steps.filter((step) => step.if === "env.DEPLOY_CONFIGURED == 'true'");
  if (steps.length === 0) throw new Error('the release job has no publishing step');
  return steps;
}

interface StepsRun {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the release job's publishing steps at a given time, the release in `runnerTemp`;
 * asynchronously, since the S3 server answers from this process. `onStart` gets the process
 * group, for a test that kills the release part-way.
 */
async function runRelease(server: S3StandIn, runnerTemp: string, now: number, onStart?: (pid: number) => void): Promise<StepsRun> {
  const context = { ...CONTEXT, vars: { ...CONTEXT.vars, STOREFRONTS_S3_ENDPOINT: server.endpoint } };
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('AWS_')));
  let stdout = '';
  let stderr = '';
  for (const step of releaseSteps()) {
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, evaluate(value, context)]));
    const ran = await new Promise<StepsRun>((resolve, reject) => {
      const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run as string], {
        cwd: REPO_ROOT,
        env: { ...inherited, ...stepEnv, RUNNER_TEMP: runnerTemp, DEPLOY_NOW: new Date(now).toISOString() },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
        timeout: 600_000,
      });
      onStart?.(child.pid as number);
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('error', reject);
      child.on('close', (status, signal) => resolve({ status: status ?? (signal ? 137 : 1), stdout: out, stderr: err }));
    });
    stdout += ran.stdout;
    stderr += ran.stderr;
    if (ran.status !== 0) return { status: ran.status, stdout, stderr };
  }
  return { status: 0, stdout, stderr };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const notUploaded = (file: string) => /\.(br|gz)$/.test(file) || file === '_headers';

interface Built {
  runnerTemp: string;
  plan: { tenant: string; key: string }[];
  manifests: Map<string, ManifestEntry[]>;
}

/** What the build job does: the plan of every tenant, the list --prune keeps, the build into $RUNNER_TEMP/release/dist. */
function buildRelease(root: string): Built {
  const runnerTemp = mkdtempSync(path.join(tmpdir(), 'storefront-runner-'));
  const release = path.join(runnerTemp, 'release');
  mkdirSync(release);
  const planned = runScript('deploy-plan', ['--root', root]);
  if (planned.status !== 0) throw new Error(planned.stderr);
  writeFileSync(path.join(release, 'plan.json'), planned.stdout);
  writeFileSync(path.join(release, 'tenants.json'), planned.stdout);
  const built = runScript('build', ['--root', root, '--plan', path.join(release, 'plan.json'), '--out-dir', path.join(release, 'dist')], 600_000);
  if (built.status !== 0) throw new Error(`the generated tenants do not build:\n${built.stderr}`);
  const plan = (JSON.parse(planned.stdout) as { include: { tenant: string; key: string }[] }).include;
  const manifests = new Map(
    plan.map(({ tenant }) => [
      tenant,
      (JSON.parse(readFileSync(path.join(release, 'dist', tenant, MANIFEST_FILE), 'utf8')) as ManifestEntry[]).filter((entry) => !notUploaded(entry.path)),
    ]),
  );
  return { runnerTemp, plan, manifests };
}

/** The keys whose bytes differ between two builds, manifests included: what a release of `after` over `before` must upload. */
function changedKeys(before: Built, after: Built): string[] {
  const changed: string[] = [];
  for (const { tenant, key } of after.plan) {
    const old = new Map((before.manifests.get(tenant) ?? []).map((entry) => [entry.path, entry.sha256]));
    const files = after.manifests.get(tenant) as ManifestEntry[];
    const differing = files.filter((entry) => old.get(entry.path) !== entry.sha256).map((entry) => `${key}/${entry.path}`);
    changed.push(...differing);
    if (differing.length > 0 || !before.plan.some((entry) => entry.tenant === tenant)) changed.push(`${key}/${MANIFEST_FILE}`);
  }
  return changed.sort();
}

describe('a release of 100 tenants, run as the workflow runs it against an S3 server', () => {
  let server: S3StandIn;
  let root = '';
  const objects = () => server.objects(BUCKET);
  const putsSince = (start: number) =>
    server.requests
      .slice(start)
      .filter((request) => request.operation === 'PutObject' && !request.key?.startsWith('_deploys/'))
      .map((request) => request.key as string);

  /** Every site of a build is in the bucket exactly as built: each served file with its bytes. */
  function expectServing(built: Built, tenants = built.plan.map((entry) => entry.tenant)): void {
    for (const { tenant, key } of built.plan.filter((entry) => tenants.includes(entry.tenant))) {
      for (const entry of built.manifests.get(tenant) as ManifestEntry[]) {
        const stored = objects().get(`${key}/${entry.path}`);
        expect(stored, `${key}/${entry.path} is not in the bucket`).toBeDefined();
        expect(sha256(stored!.body), `${key}/${entry.path}`).toBe(entry.sha256);
      }
    }
  }

  beforeAll(async () => {
    root = generatedTenantsProject(TENANTS);
    server = await startS3StandIn({ pageSize: 1000 });
    server.createBucket(BUCKET);
  }, 600_000);
  afterAll(() => server?.close());

  it('publishes only what changed, repairs what the bucket damaged, prunes a removed tenant after its grace, leaves a killed release whole and says what a stopped one left', async () => {
    // 1. The first release: every file goes up with its headers; assets first, then the other files, pages, manifests last.
    const first = buildRelease(root);
    expect(first.plan).toHaveLength(TENANTS + 2);
    let start = server.requests.length;
    const one = await runRelease(server, first.runnerTemp, T0);
    expect(one.status, one.stderr).toBe(0);
    expectServing(first);
    const puts = putsSince(start);
    const kinds = puts.map((key) => (key.endsWith(`/${MANIFEST_FILE}`) ? 3 : key.endsWith('.html') ? 2 : /^[^/]+(\/[^/]+)?\/assets\//.test(key) ? 0 : 1));
    expect(kinds, 'the classes go up in order: assets, other files, pages, manifests').toEqual([...kinds].sort());
    const guardian = first.plan.find((entry) => entry.tenant === 'guardian')!;
    const rules = parseHeadersFile(readFileSync(path.join(first.runnerTemp, 'release/dist/guardian/_headers'), 'utf8'));
    for (const entry of first.manifests.get('guardian')!) {
      const stored = objects().get(`${guardian.key}/${entry.path}`)!;
      expect(stored.cacheControl, entry.path).toBe(headersFor(rules, `/${entry.path}`).get('cache-control'));
      if (entry.path.endsWith('.webp')) expect(stored.contentType, entry.path).toBe('image/webp');
      if (entry.path.endsWith('.html')) expect(stored.contentType, entry.path).toMatch(/^text\/html/);
    }
    expect([...objects().keys()].filter((key) => notUploaded(key.split('/').at(-1) as string))).toEqual([]);
    expect(objects().has('_deploys/release.json')).toBe(true);

    // 2. The same release again: nothing is uploaded.
    start = server.requests.length;
    const again = await runRelease(server, first.runnerTemp, T0 + DAY_MS);
    expect(again.status, again.stderr).toBe(0);
    expect(putsSince(start)).toEqual([]);
    expect(again.stdout).toMatch(/: 0 to upload \(/);

    // 3. An asset overwritten in the bucket with other bytes of the same size: the next release sends it again, and only it.
    const damaged = `${guardian.key}/${first.manifests.get('guardian')!.find((entry) => entry.path.startsWith('assets/') && entry.path.endsWith('.webp'))!.path}`;
    const object = objects().get(damaged)!;
    const body = Buffer.from(object.body);
    body.writeUInt8(body.readUInt8(body.length - 1) ^ 0xff, body.length - 1);
    objects().set(damaged, { ...object, body, etag: `"${createHash('md5').update(body).digest('hex')}"` });
    start = server.requests.length;
    const repaired = await runRelease(server, first.runnerTemp, T0 + DAY_MS);
    expect(repaired.status, repaired.stderr).toBe(0);
    expect(putsSince(start)).toEqual([damaged]);
    expectServing(first, ['guardian']);

    // 4. One product's price changed and one tenant removed: only the files whose bytes changed go up, and the removed tenant stays for its grace.
    const catalog = path.join(root, 'catalogs/default.yaml');
    writeFileSync(catalog, readFileSync(catalog, 'utf8').replace('sizes: { "# boxes": 76.44 }', 'sizes: { "# boxes": 77.44 }'));
    rmSync(path.join(root, 'tenants/t100.yaml'));
    const second = buildRelease(root);
    const expected = changedKeys(first, second);
    start = server.requests.length;
    const priced = await runRelease(server, second.runnerTemp, T0 + 2 * DAY_MS);
    expect(priced.status, priced.stderr).toBe(0);
    const uploaded = putsSince(start).sort();
    expect(uploaded).toEqual(expected);
    const total = [...second.manifests.values()].reduce((sum, files) => sum + files.length + 1, 0);
    console.log(`a one-product price change at ${second.plan.length} tenants uploaded ${uploaded.length} of ${total} files`);
    expect(priced.stdout).toContain(`${uploaded.length} to upload`);
    // The pages that show the product, the catalog data they share and the manifest: six files a tenant, nothing else.
    expect(uploaded.length).toBeLessThanOrEqual(6 * second.plan.length);
    expect(uploaded.filter((key) => key.endsWith('.html')).every((key) => /\/(item\/FM-100|checkout|success|orders)\/index\.html$/.test(key))).toBe(true);
    expectServing(second);
    const removed = [...objects().keys()].filter((key) => key.startsWith('_shared/t100/'));
    expect(removed.length, 'a removed tenant is kept for the grace period').toBeGreaterThan(0);

    // 5. After the grace period: the removed tenant and the assets no page names any more are gone, nothing is uploaded.
    start = server.requests.length;
    const later = await runRelease(server, second.runnerTemp, T0 + 10 * DAY_MS);
    expect(later.status, later.stderr).toBe(0);
    expect(putsSince(start)).toEqual([]);
    expect([...objects().keys()].filter((key) => key.startsWith('_shared/t100/'))).toEqual([]);
    const retiredAsset = `${guardian.key}/${first.manifests.get('guardian')!.find((entry) => !second.manifests.get('guardian')!.some((now) => now.path === entry.path))!.path}`;
    expect(objects().has(retiredAsset), retiredAsset).toBe(false);

    // 6. A new photo (new asset names for every tenant) and a price: the release is killed while sending the assets.
    const photo = path.join(root, 'catalogs/images/FM-100_white.jpg');
    writeFileSync(photo, await sharp(readFileSync(photo)).negate().jpeg().toBuffer());
    writeFileSync(catalog, readFileSync(catalog, 'utf8').replace('sizes: { "# boxes": 77.44 }', 'sizes: { "# boxes": 78.44 }'));
    const third = buildRelease(root);
    let group = 0;
    let assetPuts = 0;
    server.onRequest = (request) => {
      if (request.operation !== 'PutObject' || !request.key?.includes('/assets/')) return;
      assetPuts += 1;
      if (assetPuts === 40 && group !== 0) process.kill(-group, 'SIGKILL');
      return undefined;
    };
    const killed = await runRelease(server, third.runnerTemp, T0 + 11 * DAY_MS, (pid) => (group = pid));
    server.onRequest = undefined;
    expect(killed.status).not.toBe(0);
    // Every tenant still serves the previous release, whole: its pages, files and manifest as built, and every asset they name.
    expectServing(second);
    // 7. Run again, and the bucket refuses the pages: the release stops while switching, says so, and exits 3 (not 2, "nothing was sent").
    server.onRequest = (request) => (request.operation === 'PutObject' && request.key?.endsWith('.html') ? 'deny' : undefined);
    const refused = await runRelease(server, third.runnerTemp, T0 + 11 * DAY_MS);
    server.onRequest = undefined;
    expect(refused.status).toBe(3);
    expect(refused.stderr).toMatch(/stopped while switching the sites to the new release: a site whose manifest\.json is the new one serves the new release/);
    // No manifest went up: each site's manifest.json is still the previous release's.
    for (const { tenant, key } of second.plan) {
      const manifest = readFileSync(path.join(second.runnerTemp, 'release/dist', tenant, MANIFEST_FILE));
      expect(objects().get(`${key}/${MANIFEST_FILE}`)!.body.equals(manifest), tenant).toBe(true);
    }
    // Run again, it finishes the release.
    const finished = await runRelease(server, third.runnerTemp, T0 + 11 * DAY_MS);
    expect(finished.status, finished.stderr).toBe(0);
    expectServing(third);
  }, 1_800_000);
});
