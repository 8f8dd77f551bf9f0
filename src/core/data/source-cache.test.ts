import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureProject } from '../../../tests/helpers/fixture-project.ts';
import { loadProject, SourceCache, type LoadResult } from './load-project.ts';

/** A load's result as data: each image use's position asked for, as a report of a problem with the image would. */
const asData = ({ imageUses, ...rest }: LoadResult) => ({ ...rest, imageUses: imageUses.map(({ locate, ...use }) => ({ ...use, ...locate() })) });

describe('loadProject with a SourceCache (npm run dev reloads)', () => {
  const roots: string[] = [];
  afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

  it('sees every edit, good or broken, exactly as a fresh load does', () => {
    const root = fixtureProject();
    roots.push(root);
    const cache = new SourceCache();
    loadProject(root, cache);
    const catalog = path.join(root, 'catalogs/default.yaml');
    const original = readFileSync(catalog, 'utf8');

    writeFileSync(catalog, original.replace(/fullname: .*/, 'fullname: Edited While Previewing'));
    const edited = loadProject(root, cache);
    expect(asData(edited)).toEqual(asData(loadProject(root)));
    expect(edited.project?.catalogs.get('default')?.products.some((p) => p.fullname === 'Edited While Previewing')).toBe(true);

    writeFileSync(catalog, `${original}\n  - code: [unclosed\n`);
    const broken = loadProject(root, cache);
    expect(broken.project).toBeUndefined();
    expect(broken.diagnostics).toEqual(loadProject(root).diagnostics);

    writeFileSync(catalog, original);
    expect(asData(loadProject(root, cache))).toEqual(asData(loadProject(root)));
  });
});
