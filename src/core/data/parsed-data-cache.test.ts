import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureProject } from '../../../tests/helpers/fixture-project.ts';
import { loadProject, type LoadResult } from './load-project.ts';
import { ParsedDataCache } from './parsed-data-cache.ts';
import type { CheckedSource } from './validate-sources.ts';
import { parseYamlSource, yamlSourceWithData } from './yaml-source.ts';

/** A load's result as data: each image use's position asked for, as a report of a problem with the image would. */
const asData = ({ imageUses, ...rest }: LoadResult) => ({ ...rest, imageUses: imageUses.map(({ locate, ...use }) => ({ ...use, ...locate() })) });

describe('ParsedDataCache (a build reads only the data files changed since the last one)', () => {
  const folders: string[] = [];
  afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));
  const newFolder = (made: string) => (folders.push(made), made);

  it('gives a later build the same data and diagnostics as a fresh load, after edits good and broken', () => {
    const root = newFolder(fixtureProject());
    const cacheDir = newFolder(mkdtempSync(path.join(tmpdir(), 'parsed-data-')));
    const load = () => loadProject(root, new ParsedDataCache(cacheDir));
    expect(asData(load())).toEqual(asData(loadProject(root)));
    // Now from the kept data: the same project, and positions still found in the text.
    expect(asData(load())).toEqual(asData(loadProject(root)));

    const catalog = path.join(root, 'catalogs/default.yaml');
    const original = readFileSync(catalog, 'utf8');
    writeFileSync(catalog, original.replace(/fullname: .*/, 'fullname: Edited Since The Last Build'));
    const edited = load();
    expect(asData(edited)).toEqual(asData(loadProject(root)));
    expect(edited.project?.catalogs.get('default')?.products.some((p) => p.fullname === 'Edited Since The Last Build')).toBe(true);

    writeFileSync(catalog, original.replace(/price: [\d.]+/, 'price: free'));
    const broken = load();
    expect(broken.project).toBeUndefined();
    expect(broken.diagnostics.length).toBeGreaterThan(0);
    // Not kept: the same error, worded from its document, every time.
    expect(load().diagnostics).toEqual(loadProject(root).diagnostics);
  });

  it('reads a kept text without parsing it, with exactly the values the parser made', () => {
    const cacheDir = newFolder(mkdtempSync(path.join(tmpdir(), 'parsed-data-')));
    const text = 'limit: .inf\nzero: -0\nname: Polo\n';
    let parsed = 0;
    const parse = (): CheckedSource => {
      parsed += 1;
      return { source: parseYamlSource('catalogs/a.yaml', text), schemaErrors: [] };
    };
    const withData = (data: unknown) => yamlSourceWithData('catalogs/a.yaml', text, data);
    const first = new ParsedDataCache(cacheDir).get('/data/catalogs/a.yaml', text, parse, withData);
    const again = new ParsedDataCache(cacheDir).get('/data/catalogs/a.yaml', text, parse, withData);
    expect(parsed).toBe(1);
    expect(Object.is((again.source.data as { zero: number }).zero, -0)).toBe(true);
    expect(again.source.data).toEqual(first.source.data);
    expect(again.source.locate(['name'])).toEqual({ line: 3, col: 7 });
    // Another file's path (another schema), or another text: parsed.
    new ParsedDataCache(cacheDir).get('/data/tenants/a.yaml', text, parse, withData);
    new ParsedDataCache(cacheDir).get('/data/catalogs/a.yaml', `${text}\n`, parse, withData);
    expect(parsed).toBe(3);
  });
});
