import { describe, expect, it } from 'vitest';
import { fixtureProject } from '../../../../tests/helpers/fixture-project.ts';
import { loadProject } from '../../data/load-project.ts';
import { affectedTenants, previewFolder, previewTargets } from './preview-targets.ts';
import { siteLocation } from '../site-location-options.ts';

const { project } = loadProject(fixtureProject());
if (!project) throw new Error('the base fixture must be valid');
const ids = (changed: string[]) => affectedTenants(project, changed).map((tenant) => tenant.id);

describe('the tenants a pull request previews', () => {
  it('are all of them when code, the site file or anything unknown changes', () => {
    for (const file of [
      'src/pages/item-page.tsx',
      'package-lock.json',
      'tenants/_site.yaml',
      'schemas/tenant.schema.json',
      '.github/workflows/storefronts.yml',
    ])
      expect(ids([file]), file).toEqual(['guardian', 'solo']);
  });

  it('are only those a data file is about: the tenant file, the logos it uses, the catalog and pictures it shows', () => {
    expect(ids(['tenants/solo.yaml'])).toEqual(['solo']);
    expect(ids(['tenants/logos/solo.png'])).toEqual(['solo']);
    // An embroidery logo, by its name in the tenant file.
    expect(ids(['tenants/logos/Guardian Shield.png'])).toEqual(['guardian']);
    expect(ids(['catalogs/default.yaml'])).toEqual(['guardian', 'solo']);
    expect(ids(['catalogs/images/K500_navy.jpg', 'tenants/solo.yaml'])).toEqual(['guardian', 'solo']);
    // A removed tenant, an unused picture, the entry screen's header: no tenant's pages.
    expect(ids(['tenants/gone.yaml', 'catalogs/images/NOPE_red.jpg', 'tenants/logos/entry-header.jpg'])).toEqual([]);
  });

  it('are none for docs and tests alone', () => {
    expect(ids(['docs/publishing.md', 'README.md', 'tests/preview-build.test.ts', 'server/README.md'])).toEqual([]);
  });
});

describe('where a preview goes', () => {
  it('is the production layout under _previews/pr-<number>/, each page linking to the key it is uploaded to', () => {
    const targets = previewTargets(project.tenants, 12);
    expect(targets.map(({ tenant, key, basePath, base }) => ({ tenant, key, basePath, base }))).toEqual([
      { tenant: 'guardian', key: '_previews/pr-12/_shared/guardian', basePath: '/_previews/pr-12/_shared/', base: '/_previews/pr-12/_shared/guardian/' },
      { tenant: 'solo', key: '_previews/pr-12/solo', basePath: '/_previews/pr-12/solo/', base: '/_previews/pr-12/solo/' },
    ]);
    expect(targets.every((target) => target.preview === 'pull request #12')).toBe(true);
    expect(() => previewFolder(0)).toThrow(/whole number from 1/);
  });
});

describe("the build's --base-path and --preview", () => {
  it('mean production when absent or empty, and read a path with or without its slashes', () => {
    expect(siteLocation({})).toEqual({ basePath: '/' });
    expect(siteLocation({ basePath: '', preview: '' })).toEqual({ basePath: '/' });
    expect(siteLocation({ basePath: '_previews/pr-12' })).toEqual({ basePath: '/_previews/pr-12/' });
    expect(siteLocation({ basePath: '/_previews/pr-12/', preview: ' pull request #12 ' })).toEqual({
      basePath: '/_previews/pr-12/',
      preview: 'pull request #12',
    });
  });

  it('refuse a path a host or bucket would read otherwise, and a notice that is not one short line, naming the option', () => {
    for (const bad of ['/a/../b/', '/a//b/', '/a b/', '/./', '/a?b/', '/%2e%2e/'])
      expect(() => siteLocation({ basePath: bad }), bad).toThrow(/^--base-path must be a path like \/_previews\/pr-12\//);
    expect(() => siteLocation({ preview: 'two\nlines' })).toThrow(/^--preview must be one line of at most 80 characters/);
    expect(() => siteLocation({ preview: 'x'.repeat(81) })).toThrow(/^--preview must be one line/);
  });
});
