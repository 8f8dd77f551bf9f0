import { spawn, spawnSync } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument, type YAMLMap, type YAMLSeq } from 'yaml';
import { recoverInterruptedSwap } from '../src/core/generator/publish/atomic-output.ts';
import { REPORT_FILE, type BuildReport } from '../src/core/generator/shared/build-report.ts';
import { growCatalogs } from '../scripts/bench/catalog-scale-data.ts';
import { fixtureProject, REPO_ROOT } from './helpers/fixture-project.ts';
import { runScript, treeDigest } from './helpers/run-cli.ts';
import { setTenantField } from './helpers/tenant-builders.ts';

const html = (root: string, tenant: string) => readFileSync(path.join(root, 'dist', tenant, 'index.html'), 'utf8');

function retitle(root: string, tenant: string, title: string) {
  setTenantField(path.join(root, 'tenants', `${tenant}.yaml`), 'title', title);
}

/** Removes from every catalog the products whose code starts with `code` (a product grown by growCatalogs is `<code>-G<n>`). */
function dropProducts(root: string, code: string) {
  const catalogs = path.join(root, 'catalogs');
  for (const name of readdirSync(catalogs).filter((file) => file.endsWith('.yaml'))) {
    const document = parseDocument(readFileSync(path.join(catalogs, name), 'utf8'));
    const products = document.get('products') as YAMLSeq<YAMLMap>;
    products.items = products.items.filter((product) => !String(product.get('code')).startsWith(code));
    writeFileSync(path.join(catalogs, name), document.toString({ lineWidth: 0 }));
  }
}

/** Every page of dist/ with its inode: a page not rewritten by a build keeps it (it is linked, not written). */
/**
 * Writes zeros into one of tenant solo's published pictures (and so into the image cache object it
 * is a link to), as a careless tool would; answers its name and its bytes before.
 */
function damageSoloImage(root: string): { name: string; good: Buffer } {
  const folder = path.join(root, 'dist', 'solo', 'assets', 'img');
  const name = readdirSync(folder).find((file) => file.endsWith('.jpg'))!;
  const good = readFileSync(path.join(folder, name));
  chmodSync(path.join(folder, name), 0o644);
  writeFileSync(path.join(folder, name), Buffer.alloc(good.length, 0));
  return { name, good };
}

/** The damaged picture is published whole again, and dist/ is what a clean build writes. */
function expectRepaired(root: string, cache: readonly string[], { name, good }: { name: string; good: Buffer }) {
  expect(readFileSync(path.join(root, 'dist', 'solo', 'assets', 'img', name)).equals(good)).toBe(true);
  expect(runScript('build', ['--root', root, '--out-dir', 'dist-clean', ...cache]).status).toBe(0);
  expect(treeDigest(path.join(root, 'dist'), [REPORT_FILE])).toBe(treeDigest(path.join(root, 'dist-clean'), [REPORT_FILE]));
}

function pageInodes(dist: string): Map<string, number> {
  const pages = new Map<string, number>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.html')) pages.set(path.relative(dist, full), statSync(full).ino);
    }
  };
  walk(dist);
  return pages;
}

/**
 * Builds, edits, then starts builds killed at times spread over a build's length, recovering after
 * each as the next build would: dist/ must be the old output or the new one each time, both seen.
 */
async function expectKillsLeaveOldOrNew(root: string, edit: (root: string) => void): Promise<void> {
  const started = performance.now();
  expect(runScript('build', ['--root', root]).status).toBe(0);
  // Kill times spread over what a whole build takes on this machine now (a loaded machine is slower), the last one well after it.
  const buildMs = performance.now() - started;
  const oldDigest = treeDigest(path.join(root, 'dist'), [REPORT_FILE]);
  edit(root);

  const outcomes: string[] = [];
  for (const delay of [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1, 3].map((share) => Math.round(share * buildMs))) {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts/build.ts'), '--root', root], { cwd: REPO_ROOT, stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, delay));
    child.kill('SIGKILL');
    await exited;
    recoverInterruptedSwap(path.join(root, 'dist'));
    outcomes.push(treeDigest(path.join(root, 'dist'), [REPORT_FILE]));
  }
  // What a build left alone to finish writes: the only other state dist/ may ever be in.
  expect(runScript('build', ['--root', root]).status).toBe(0);
  const newDigest = treeDigest(path.join(root, 'dist'), [REPORT_FILE]);
  expect(newDigest).not.toBe(oldDigest);

  for (const digest of outcomes) expect([oldDigest, newDigest]).toContain(digest);
  // Early kills kept the old output and the late ones finished, so both outcomes were exercised.
  expect(outcomes[0]).toBe(oldDigest);
  expect(outcomes).toContain(newDigest);
}

describe('npm run build', () => {
  it('validates, then writes dist/<tenant-id>/index.html for every tenant', () => {
    const root = fixtureProject();
    const result = runScript('build', ['--root', root]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Valid: 2 tenants/m);
    expect(result.stdout).toMatch(/^Built 2 tenants \(\d+ pages\) into .*dist\/ in \d+\.\d s$/m);
    expect(html(root, 'guardian')).toContain('<title>Guardian Automotive Store</title>');
    expect(html(root, 'solo')).toContain('<title>Solo Motors Store</title>');
  });

  it('builds byte-identical output from the same data, run after run', () => {
    const root = fixtureProject();
    for (const out of ['dist-a', 'dist-b', 'dist-c']) expect(runScript('build', ['--root', root, '--out-dir', out]).status).toBe(0);
    // The report holds the run's timings and cache figures; every published file must match.
    const digests = ['dist-a', 'dist-b', 'dist-c'].map((out) => treeDigest(path.join(root, out), [REPORT_FILE]));
    expect(new Set(digests).size).toBe(1);
  });

  it("npm run build's command (the build's code compiled into one module, without tsx) writes the same bytes as the TypeScript, helper threads included", () => {
    const root = fixtureProject();
    // Enough pages for the helper threads to take part: they start with the command's Node options.
    growCatalogs(root, 120);
    const [node, ...words] = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { build: string } }).scripts.build.split(
      ' ',
    );
    expect(node).toBe('node');
    const npmBuild = () =>
      spawnSync(process.execPath, [...words, '--root', root, '--out-dir', 'dist-compiled', '--no-page-cache', '--workers', '2'], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
      });
    // The first run may make the module (after a change to the code); the second loads it as it is.
    for (const run of [npmBuild(), npmBuild()]) expect(run.status, run.stderr).toBe(0);
    expect(readdirSync(path.join(REPO_ROOT, '.cache', 'compiled', 'build')).some((file) => file.endsWith('.mjs'))).toBe(true);
    const report = JSON.parse(readFileSync(path.join(root, 'dist-compiled', REPORT_FILE), 'utf8')) as BuildReport;
    expect(report.pagesRendered.helpers).toBeGreaterThan(0);
    expect(runScript('build', ['--root', root, '--out-dir', 'dist-tsx']).status).toBe(0);
    expect(treeDigest(path.join(root, 'dist-compiled'), [REPORT_FILE])).toBe(treeDigest(path.join(root, 'dist-tsx'), [REPORT_FILE]));
  });

  it("renders the same bytes on helper threads as in the build's own thread", () => {
    const root = fixtureProject();
    // Enough pages a tenant for the helper threads to take part (a tenant of a few pages renders on the build's thread).
    growCatalogs(root, 120);
    const rendered: Record<string, BuildReport['pagesRendered']> = {};
    for (const [out, workers] of [
      ['dist-one', '1'],
      ['dist-three', '3'],
    ] as const) {
      const result = runScript('build', ['--root', root, '--out-dir', out, '--no-page-cache', '--workers', workers]);
      expect(result.status, result.stderr).toBe(0);
      rendered[out] = (JSON.parse(readFileSync(path.join(root, out, REPORT_FILE), 'utf8')) as BuildReport).pagesRendered;
    }
    expect(treeDigest(path.join(root, 'dist-three'), [REPORT_FILE])).toBe(treeDigest(path.join(root, 'dist-one'), [REPORT_FILE]));
    expect(rendered['dist-one']?.helpers).toBe(0);
    expect(rendered['dist-three']?.helpers).toBeGreaterThan(0);
    expect(rendered['dist-three']!.build + rendered['dist-three']!.helpers).toBe(rendered['dist-one']?.build);
    expect(runScript('build', ['--root', root, '--workers', '0']).stderr).toMatch(/--workers must be a whole number from 1 to 64, got "0"/);
  });

  it('after a one-product edit, renders again only the pages made from that product, and equals a clean build', () => {
    const root = fixtureProject();
    expect(runScript('build', ['--root', root]).status).toBe(0);
    const before = pageInodes(path.join(root, 'dist'));
    const imageFolders = () => ['guardian', 'solo'].map((tenant) => statSync(path.join(root, 'dist', tenant, 'assets', 'img')).ino);
    const imageFoldersBefore = imageFolders();
    const catalog = path.join(root, 'catalogs', 'default.yaml');
    // A name no earlier run gave it: the page store (.cache/pages/) is shared by every build, and would hand back pages rendered then.
    const edited = `Silk Touch Sport Polo ${randomUUID().slice(0, 8)}`;
    writeFileSync(catalog, readFileSync(catalog, 'utf8').replace('fullname: Silk Touch Sport Polo', `fullname: ${edited}`));

    const result = runScript('build', ['--root', root]);
    expect(result.status, result.stderr).toBe(0);
    const after = pageInodes(path.join(root, 'dist'));
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    // The entry site's one page is not a tenant's: it is written on every build.
    const rendered = [...after].filter(([file, ino]) => !file.startsWith('_entry/') && before.get(file) !== ino).map(([file]) => file);
    // Both tenants sell K500: its item page, the catalog page listing it, and the pages naming the catalog's price file,
    // which holds every product's name; guardian's landing page draws its logos on K500 too. Not the stores, 404 or other pages.
    const shown = ['item/K500/index.html', 'catalog/mens/index.html', 'checkout/index.html', 'success/index.html', 'orders/index.html'].sort();
    const byTenant = { guardian: [...shown, 'index.html'].sort(), solo: shown };
    expect(rendered.sort()).toEqual(
      Object.entries(byTenant)
        .flatMap(([tenant, files]) => files.map((file) => `${tenant}/${file}`))
        .sort(),
    );
    // The report names each of them, with the product that changed, and the build says so in one line.
    const report = JSON.parse(readFileSync(path.join(root, 'dist', REPORT_FILE), 'utf8')) as BuildReport;
    expect(report.changed).toEqual(['K500']);
    expect(report.tenants.map(({ id, rendered }) => [id, rendered])).toEqual(
      Object.entries(byTenant).map(([id, files]) => [id, { pages: files.length, reasons: { 'product K500': files } }]),
    );
    expect(report.entry.rendered).toEqual({ pages: 0, reasons: {} });
    const pages = [...report.tenants, report.entry].reduce((sum, site) => sum + site.pages, 0);
    expect(result.stdout).toContain(`K500 changed: 11 pages of 2 tenants rendered, ${pages - 11} carried`);
    expect(readFileSync(path.join(root, 'dist', 'solo', 'item', 'K500', 'index.html'), 'utf8')).toContain(edited);
    // The edit left the pictures alone: each tenant's image folder was moved over whole, not linked file by file.
    expect(imageFolders()).toEqual(imageFoldersBefore);

    // Every page rendered anew, none reused: the same bytes.
    expect(runScript('build', ['--root', root, '--out-dir', 'dist-clean', '--no-page-cache']).status).toBe(0);
    expect(treeDigest(path.join(root, 'dist'), [REPORT_FILE])).toBe(treeDigest(path.join(root, 'dist-clean'), [REPORT_FILE]));
    // And the report counts the carried images as a clean build counts the ones it writes.
    const counted = (out: string) =>
      (JSON.parse(readFileSync(path.join(root, out, REPORT_FILE), 'utf8')) as BuildReport).tenants.map(({ id, pages, images, bytes }) => ({
        id,
        pages,
        files: images.files,
        bytes,
      }));
    expect(counted('dist')).toEqual(counted('dist-clean'));
  });

  it("after a tenant's phone is edited, renders exactly that tenant's pages, naming the tenant, and equals a clean build", () => {
    const root = fixtureProject();
    expect(runScript('build', ['--root', root]).status).toBe(0);
    const before = pageInodes(path.join(root, 'dist'));
    const file = path.join(root, 'tenants', 'guardian.yaml');
    // A number no earlier run gave it: the page store (.cache/pages/) is shared by every build.
    const phone = `555-${String(randomInt(10_000)).padStart(4, '0')}`;
    writeFileSync(file, readFileSync(file, 'utf8').replace('phone: "555-0142"', `phone: "${phone}"`));

    const result = runScript('build', ['--root', root]);
    expect(result.status, result.stderr).toBe(0);
    const after = pageInodes(path.join(root, 'dist'));
    const changed = [...after].filter(([page, ino]) => before.get(page) !== ino).map(([page]) => page.split(path.sep).join('/'));
    const guardianPages = [...after.keys()].map((page) => page.split(path.sep).join('/')).filter((page) => page.startsWith('guardian/'));
    // The entry screen lists every tenant, so it is made again too; solo's folder is carried whole.
    expect(changed.sort()).toEqual([...guardianPages, '_entry/desk/index.html', '_entry/index.html'].sort());
    const report = JSON.parse(readFileSync(path.join(root, 'dist', REPORT_FILE), 'utf8')) as BuildReport;
    expect(report.changed).toEqual(['tenant guardian']);
    const guardian = report.tenants.find((site) => site.id === 'guardian')!;
    expect(guardian.rendered).toEqual({ pages: guardianPages.length, reasons: { tenant: guardianPages.map((page) => page.slice('guardian/'.length)).sort() } });
    expect(report.tenants.find((site) => site.id === 'solo')).toMatchObject({ unchanged: true, rendered: { pages: 0, reasons: {} } });
    expect(result.stdout).toMatch(new RegExp(`^tenant guardian changed: ${guardianPages.length + 2} pages of 1 tenant rendered, [\\d,]+ carried$`, 'm'));

    expect(runScript('build', ['--root', root, '--out-dir', 'dist-clean', '--no-page-cache']).status).toBe(0);
    expect(treeDigest(path.join(root, 'dist'), [REPORT_FILE])).toBe(treeDigest(path.join(root, 'dist-clean'), [REPORT_FILE]));
  });

  it('does not carry over an image folder holding a file that is not what its manifest says', () => {
    const root = fixtureProject();
    // A cache of its own: the damage below goes through a published link into the cache object, which other builds share.
    const cache = ['--image-cache', path.join(root, 'image-cache')];
    expect(runScript('build', ['--root', root, ...cache]).status).toBe(0);
    const damaged = damageSoloImage(root);
    retitle(root, 'solo', 'Solo Store Renamed');

    expect(runScript('build', ['--root', root, ...cache]).status).toBe(0);
    expectRepaired(root, cache, damaged);
  });

  it('takes an image folder on its stamp once it is older than a tick of the clock, and still publishes no file written into through its link', () => {
    const root = fixtureProject();
    // A cache of its own: the damage below goes through a published link into the cache object, which other builds share.
    const cache = ['--image-cache', path.join(root, 'image-cache')];
    const stampOf = (id: string) =>
      (JSON.parse(readFileSync(path.join(root, 'dist', REPORT_FILE), 'utf8')) as BuildReport).tenants.find((site) => site.id === id)?.imageFolderStamp;
    expect(runScript('build', ['--root', root, ...cache]).status).toBe(0);
    const folder = path.join(root, 'dist', 'solo', 'assets', 'img');
    // Linked just now: not stamped. An hour later, as far as the folder says, the next build stamps it.
    expect(stampOf('solo')).toBeUndefined();
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(folder, anHourAgo, anHourAgo);
    retitle(root, 'solo', 'Solo Store Renamed');
    expect(runScript('build', ['--root', root, ...cache]).status).toBe(0);
    const stamp = stampOf('solo');
    expect(stamp).toBeDefined();
    retitle(root, 'solo', 'Solo Store Renamed Again');
    expect(runScript('build', ['--root', root, ...cache]).status).toBe(0);
    // Taken on its stamp: the same folder, stamped the same.
    expect(stampOf('solo')).toBe(stamp);

    const damaged = damageSoloImage(root);
    retitle(root, 'solo', 'Solo Store Renamed Once More');
    expect(runScript('build', ['--root', root, ...cache]).status).toBe(0);
    expectRepaired(root, cache, damaged);
  });

  it("links a rebuilt tenant's scripts from its previous folder, and copies again one changed by hand since", () => {
    const root = fixtureProject();
    const assets = path.join(root, 'dist', 'solo', 'assets');
    const script = () => readdirSync(assets).find((file) => /^client-.*\.js$/.test(file))!;
    expect(runScript('build', ['--root', root]).status).toBe(0);
    const { ino } = statSync(path.join(assets, script()));
    retitle(root, 'solo', 'Solo Store Renamed');
    expect(runScript('build', ['--root', root]).status).toBe(0);
    expect(statSync(path.join(assets, script())).ino).toBe(ino);

    const good = readFileSync(path.join(assets, script()));
    writeFileSync(path.join(assets, script()), Buffer.alloc(good.length, 0));
    retitle(root, 'solo', 'Solo Store Renamed Again');
    expect(runScript('build', ['--root', root]).status).toBe(0);
    expect(readFileSync(path.join(assets, script())).equals(good)).toBe(true);
    expect(runScript('build', ['--root', root, '--out-dir', 'dist-clean', '--no-page-cache']).status).toBe(0);
    expect(treeDigest(path.join(root, 'dist'), [REPORT_FILE])).toBe(treeDigest(path.join(root, 'dist-clean'), [REPORT_FILE]));
  });

  it('encodes no image again for another data folder (--root): one image cache beside the code, whatever the data folder', () => {
    const [first, second] = [fixtureProject(), fixtureProject()];
    expect(runScript('build', ['--root', first]).status).toBe(0);

    const result = runScript('build', ['--root', second]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^images: [1-9]\d* variants \(0 encoded, [1-9]\d* reused\) in \d+\.\d s$/m);
    const report = JSON.parse(readFileSync(path.join(second, 'dist', REPORT_FILE), 'utf8')) as BuildReport;
    expect([...report.tenants, report.entry].map((site) => [site.id, site.images.encoded])).toEqual([
      ['guardian', 0],
      ['solo', 0],
      ['_entry', 0],
    ]);
    expect(report.tenants.every((site) => site.images.reused > 0)).toBe(true);
    // Nothing of the image cache is kept in the data folder.
    expect(existsSync(path.join(second, '.cache', 'images'))).toBe(false);
  });

  it('--image-cache DIR keeps the encoded variants there instead, and publishes the same files', () => {
    const root = fixtureProject();
    const cache = path.join(root, 'image-cache');
    const result = runScript('build', ['--root', root, '--out-dir', 'dist-own-cache', '--image-cache', cache]);
    expect(result.status, result.stderr).toBe(0);
    // An empty cache: every distinct picture is encoded (the fixture's products share one photo's bytes, hence some reused).
    expect(result.stdout).toMatch(/^images: [1-9]\d* variants \([1-9]\d* encoded, \d+ reused\) in /m);
    expect(readdirSync(path.join(cache, 'v1', 'objects')).length).toBeGreaterThan(0);
    expect(runScript('build', ['--root', root]).status).toBe(0);
    expect(treeDigest(path.join(root, 'dist-own-cache'), [REPORT_FILE])).toBe(treeDigest(path.join(root, 'dist'), [REPORT_FILE]));
  });

  it('reuses the folder of a tenant whose data did not change, and the result equals a clean build', () => {
    const root = fixtureProject();
    expect(runScript('build', ['--root', root]).status).toBe(0);
    const guardianPage = path.join(root, 'dist', 'guardian', 'index.html');
    const guardianBefore = statSync(guardianPage).ino;
    retitle(root, 'solo', 'Solo Store Renamed');

    const result = runScript('build', ['--root', root]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^pages: .*\(1 unchanged since the last build, reused\)/m);
    const report = JSON.parse(readFileSync(path.join(root, 'dist', REPORT_FILE), 'utf8')) as BuildReport;
    expect(report.tenants.map((site) => [site.id, site.unchanged === true])).toEqual([
      ['guardian', true],
      ['solo', false],
    ]);
    // Reused means the same file, linked, not rewritten.
    expect(statSync(guardianPage).ino).toBe(guardianBefore);
    expect(html(root, 'solo')).toContain('<title>Solo Store Renamed</title>');

    expect(runScript('build', ['--root', root, '--out-dir', 'dist-clean']).status).toBe(0);
    expect(treeDigest(path.join(root, 'dist'), [REPORT_FILE])).toBe(treeDigest(path.join(root, 'dist-clean'), [REPORT_FILE]));
  });

  it('renders no page when nothing changed, the entry screen included, and renders the entry screen again when a tenant it leads to changes', () => {
    const root = fixtureProject();
    expect(runScript('build', ['--root', root]).status).toBe(0);
    const before = pageInodes(path.join(root, 'dist'));

    const warm = runScript('build', ['--root', root]);
    expect(warm.status, warm.stderr).toBe(0);
    expect(warm.stdout).toMatch(/^pages: .*\(3 unchanged since the last build, reused\)/m);
    const report = JSON.parse(readFileSync(path.join(root, 'dist', REPORT_FILE), 'utf8')) as BuildReport;
    expect(report.entry.unchanged).toBe(true);
    expect(pageInodes(path.join(root, 'dist'))).toEqual(before);

    const file = path.join(root, 'tenants', 'guardian.yaml');
    setTenantField(file, 'company_name', 'Guardian Renamed Group');
    expect(runScript('build', ['--root', root]).status).toBe(0);
    const entryPage = path.join(root, 'dist', '_entry', 'index.html');
    expect(statSync(entryPage).ino).not.toBe(before.get(path.join('_entry', 'index.html')));
    expect(readFileSync(entryPage, 'utf8')).toContain('Guardian Renamed Group');
    expect(runScript('build', ['--root', root, '--out-dir', 'dist-clean']).status).toBe(0);
    expect(treeDigest(path.join(root, 'dist'), [REPORT_FILE])).toBe(treeDigest(path.join(root, 'dist-clean'), [REPORT_FILE]));
  });

  it('--no-page-cache renders and writes every page of every tenant, even when nothing changed', () => {
    const root = fixtureProject();
    expect(runScript('build', ['--root', root]).status).toBe(0);
    const before = pageInodes(path.join(root, 'dist'));

    const result = runScript('build', ['--root', root, '--no-page-cache']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).not.toMatch(/unchanged since the last build/);
    const report = JSON.parse(readFileSync(path.join(root, 'dist', REPORT_FILE), 'utf8')) as BuildReport;
    expect(report.tenants.filter((site) => site.unchanged === true)).toEqual([]);
    const pages = [...report.tenants, report.entry].reduce((sum, site) => sum + site.pages, 0);
    expect(report.pagesRendered.build + report.pagesRendered.helpers).toBe(pages);
    // Written anew means a new file: the previous output still exists while the build writes, and there is no output before it to recycle.
    const after = pageInodes(path.join(root, 'dist'));
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    expect([...after].filter(([file, ino]) => before.get(file) === ino).map(([file]) => file)).toEqual([]);
  });

  it('takes the folders of the output before last, and still writes exactly what a clean build writes', async () => {
    const root = fixtureProject();
    growCatalogs(root, 40);
    const build = () => runScript('build', ['--root', root, '--no-page-cache']);
    expect(build().status).toBe(0);
    const first = pageInodes(path.join(root, 'dist'));
    expect(build().status).toBe(0);
    expect(existsSync(path.join(root, '.dist-spare', 'guardian', 'index.html'))).toBe(true);
    // The first output is now the spare: drop a product (its page and pictures) and retitle a store.
    dropProducts(root, 'FM-100');
    retitle(root, 'guardian', 'Guardian Store Renamed');

    const result = build();
    expect(result.status, result.stderr).toBe(0);
    const recycled = pageInodes(path.join(root, 'dist'));
    const rewrittenInPlace = [...recycled].filter(([file, ino]) => first.get(file) === ino).length;
    expect(rewrittenInPlace).toBeGreaterThan(recycled.size / 2);
    expect([...recycled.keys()].filter((file) => file.includes('FM-100'))).toEqual([]);
    expect(html(root, 'guardian')).toContain('<title>Guardian Store Renamed</title>');

    expect(runScript('build', ['--root', root, '--out-dir', 'dist-clean']).status).toBe(0);
    expect(treeDigest(path.join(root, 'dist'), [REPORT_FILE])).toBe(treeDigest(path.join(root, 'dist-clean'), [REPORT_FILE]));
    // What the build did not take is removed in the background.
    await expect.poll(() => readdirSync(root).filter((entry) => entry.startsWith('.dist-')), { timeout: 20_000 }).toEqual(['.dist-spare']);
  });

  it('--tenant rebuilds only the named tenants and keeps the others as they were', () => {
    const root = fixtureProject();
    expect(runScript('build', ['--root', root]).status).toBe(0);
    retitle(root, 'guardian', 'Guardian Store Renamed');
    retitle(root, 'solo', 'Solo Store Renamed');

    const result = runScript('build', ['--root', root, '--tenant', 'guardian']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Built 1 tenant \(\d+ pages\) into/);
    expect(html(root, 'guardian')).toContain('<title>Guardian Store Renamed</title>');
    expect(html(root, 'solo')).toContain('<title>Solo Motors Store</title>');
  });

  it('refuses an unknown --tenant, naming the known ones, and leaves dist/ alone', () => {
    const root = fixtureProject();
    expect(runScript('build', ['--root', root]).status).toBe(0);
    const before = treeDigest(path.join(root, 'dist'));
    const result = runScript('build', ['--root', root, '--tenant', 'guardain']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('unknown tenant "guardain"; tenants are guardian, solo');
    expect(treeDigest(path.join(root, 'dist'))).toBe(before);
  });

  // About eight builds' time (the kills' waits add up to 5.6 builds), so a busy machine's build time, not 60 s, bounds it.
  const KILL_TEST_TIMEOUT = 300_000;

  it('killed at any moment, leaves either the old dist/ or the new one, never a mix', { timeout: KILL_TEST_TIMEOUT }, async () => {
    await expectKillsLeaveOldOrNew(fixtureProject(), (root) => retitle(root, 'guardian', 'Guardian Store Renamed'));
  });

  it('killed at any moment of a product edit, whose swap moves page folders over one by one, leaves the old dist/ or the new one', {
    timeout: KILL_TEST_TIMEOUT,
  }, async () => {
    await expectKillsLeaveOldOrNew(fixtureProject(), (root) => {
      const catalog = path.join(root, 'catalogs', 'default.yaml');
      writeFileSync(
        catalog,
        readFileSync(catalog, 'utf8').replace('fullname: Silk Touch Sport Polo', `fullname: Silk Touch Sport Polo ${randomUUID().slice(0, 8)}`),
      );
    });
  });
});
