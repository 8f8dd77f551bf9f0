import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BuildReport, SiteReport } from '../src/core/generator/shared/build-report.ts';
import { fixtureProject } from './helpers/fixture-project.ts';
import { runScript } from './helpers/run-cli.ts';
import { setTenantField } from './helpers/tenant-builders.ts';

const IMAGE = /\.(avif|webp|jpe?g|png|gif|svg)$/;

/** What a site folder holds, counted independently of the build's own measuring code. */
function walkSite(siteDir: string) {
  const files: { name: string; size: number }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push({ name: entry.name, size: statSync(full).size });
    }
  };
  walk(siteDir);
  const bytes = (test: (name: string) => boolean) => files.filter((file) => test(file.name)).reduce((sum, file) => sum + file.size, 0);
  return {
    pages: files.filter((file) => file.name.endsWith('.html')).length,
    imageFiles: files.filter((file) => IMAGE.test(file.name)).length,
    bytes: {
      html: bytes((name) => name.endsWith('.html')),
      js: bytes((name) => name.endsWith('.js')),
      css: bytes((name) => name.endsWith('.css')),
      images: bytes((name) => IMAGE.test(name)),
      // The data files of a site: the catalog price file, the search index and the file naming it
      // (the publishing files are not content).
      other: bytes((name) => /^(catalog|search)-[0-9a-f]{12}\.json$/.test(name) || name === 'index.json'),
    },
  };
}

function expectMatchesFiles(site: SiteReport, siteDir: string) {
  const actual = walkSite(siteDir);
  expect(site.pages, site.id).toBe(actual.pages);
  expect(site.images.files, site.id).toBe(actual.imageFiles);
  expect(site.images.encoded + site.images.reused, site.id).toBe(actual.imageFiles);
  expect(site.bytes, site.id).toEqual(actual.bytes);
}

const readReport = (root: string): BuildReport => JSON.parse(readFileSync(path.join(root, 'dist', 'report.json'), 'utf8')) as BuildReport;

describe('build report', () => {
  it('counts exactly the pages, images and bytes written to each site, with every phase timed', () => {
    const root = fixtureProject();
    const result = runScript('build', ['--root', root]);
    expect(result.status, result.stderr).toBe(0);
    const report = readReport(root);

    expect(report.partial).toBe(false);
    expect(report.tenants.map((tenant) => tenant.id)).toEqual(['guardian', 'solo']);
    for (const site of [...report.tenants, report.entry]) expectMatchesFiles(site, path.join(root, 'dist', site.id));
    // The CDN's files and the compressed siblings are published too, and left out of the figures (other is 0).
    expect(readdirSync(path.join(root, 'dist', 'guardian'))).toEqual(expect.arrayContaining(['_headers', 'robots.txt', 'manifest.json', 'index.html.br']));
    expect(report.tenants.every((tenant) => tenant.pages > 1 && tenant.bytes.js > 0 && tenant.bytes.css > 0 && tenant.images.files > 0)).toBe(true);
    // The base fixture's guardian stores a password equal to its store code, which earns a warning.
    expect(report.tenants.find((tenant) => tenant.id === 'guardian')?.warnings).toBeGreaterThan(0);
    expect(Object.keys(report.phasesMs)).toEqual(['validate', 'images', 'bundle', 'pages', 'write']);
    for (const ms of Object.values(report.phasesMs)) expect(ms).toBeGreaterThanOrEqual(0);
    expect(report.phasesMs.pages).toBeGreaterThan(0);
    expect(report.totalMs).toBeGreaterThanOrEqual(report.phasesMs.validate + report.phasesMs.pages);

    // The table on the terminal shows the same figures.
    const guardian = report.tenants[0]!;
    expect(result.stdout).toMatch(new RegExp(`^guardian +${guardian.pages} +${guardian.images.encoded} +${guardian.images.reused} `, 'm'));
  });

  it('prints one line per phase, with its time, when the output is not a terminal', () => {
    const root = fixtureProject();
    const result = runScript('build', ['--root', root]);
    expect(result.status, result.stderr).toBe(0);
    const phaseLines = result.stdout.split('\n').filter((line) => /^(validate|images|client bundle|pages|write): /.test(line));
    expect(phaseLines.map((line) => line.slice(0, line.indexOf(':')))).toEqual(['validate', 'images', 'client bundle', 'pages', 'write']);
    for (const line of phaseLines) expect(line).toMatch(/ in \d+\.\d s$/);
    expect(phaseLines[1]).toMatch(/^images: (\d+) variants \(\d+ encoded, \d+ reused\) in /);
    // No bars or cursor movements in a log.
    expect(result.stdout).not.toContain('\u001b[');
  });

  it('covers only the tenants built by --tenant, and says the report is partial', () => {
    const root = fixtureProject();
    expect(runScript('build', ['--root', root]).status).toBe(0);
    const result = runScript('build', ['--root', root, '--tenant', 'solo']);
    expect(result.status, result.stderr).toBe(0);
    const report = readReport(root);
    expect(report.partial).toBe(true);
    expect(report.tenants.map((tenant) => tenant.id)).toEqual(['solo']);
    expectMatchesFiles(report.tenants[0]!, path.join(root, 'dist', 'solo'));
    // Images already prepared by the first build are reused, none encoded again.
    expect(report.tenants[0]!.images.encoded).toBe(0);
  });

  it('a build that fails keeps the previous report, and prints the errors as before', () => {
    const root = fixtureProject();
    expect(runScript('build', ['--root', root]).status).toBe(0);
    const before = readFileSync(path.join(root, 'dist', 'report.json'), 'utf8');
    const tenantFile = path.join(root, 'tenants', 'solo.yaml');
    setTenantField(tenantFile, 'title', '[unclosed');

    const result = runScript('build', ['--root', root]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^tenants\/solo\.yaml:\d+:\d+ {2}\S+ {2}/m);
    expect(result.stdout).not.toMatch(/^(images|pages|write): /m);
    expect(readFileSync(path.join(root, 'dist', 'report.json'), 'utf8')).toBe(before);
  });
});
