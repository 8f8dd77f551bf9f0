import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { fixtureProject } from '../../../../tests/helpers/fixture-project.ts';
import type { Catalog } from '../../../domain/product.ts';
import { SEARCH_OPTIONS, searchableFor, type SearchDocument, type SearchPointer, type SearchResult } from '../../../site/search-index.ts';
import { loadProject } from '../../data/load-project.ts';
import { searchDocuments, searchIndexAsset } from './search-index-asset.ts';
import { tenantPageModel } from './tenant-page-model.ts';

const { project } = loadProject(fixtureProject());
if (!project) throw new Error('the base fixture must be valid');
const tenantOf = (id: string) => project.tenants.find((t) => t.id === id)!;
const catalog = project.catalogs.get(tenantOf('guardian').catalogId)!;
const picture = (code: string, color: string) => ({
  width: 400,
  height: 400,
  placeholderColor: '#888888',
  sources: [],
  fallback: { src: `/img/${code}_${color}.jpg`, srcset: `/img/${code}_${color}.jpg 320w` },
});
const modelOf = (id: string, data: Catalog = catalog) => tenantPageModel(project.supplier, tenantOf(id), data, { logos: {}, productImage: picture });

function loaded(id: string): MiniSearch<SearchDocument> {
  return MiniSearch.loadJSON<SearchDocument>(searchIndexAsset(modelOf(id), catalog.priced, undefined).json, SEARCH_OPTIONS);
}
const found = (index: MiniSearch<SearchDocument>, query: string, store?: string) =>
  (index.search(query) as unknown as SearchResult[]).filter((result) => searchableFor(result, store)).map((result) => result.code);

describe("a tenant's search documents", () => {
  it('are the products its catalog pages list: a store-bound plate only for its store where the store picker is on', () => {
    const byCode = new Map(searchDocuments(modelOf('guardian'), true).map((doc) => [doc.code, doc]));
    expect([...byCode.keys()]).toEqual(['K500', 'PLT-AL', 'FM-100']);
    expect(byCode.get('K500')).toEqual({
      code: 'K500',
      name: 'Sport Polo',
      fullname: 'Silk Touch Sport Polo',
      description: 'Snag-resistant polo with a flat knit collar.',
      colors: 'Navy Black Royal Blue',
      subCategory: 'polos',
      image: '/img/K500_Navy.jpg',
      price: 'Starts at $38.77 each',
      general: true,
      stores: [],
    });
    expect(byCode.get('PLT-AL')).toMatchObject({ general: false, stores: ['GCHEV1'], colors: 'White Black Red' });
    // Print-run products have no 'Starts at'.
    expect(byCode.get('PLT-AL')).not.toHaveProperty('price');
    // A tenant without stores lists the plate in its customs catalog, so every buyer finds it.
    expect(searchDocuments(modelOf('solo'), true).find((doc) => doc.code === 'PLT-AL')).toMatchObject({ general: true, stores: [] });
  });

  it('name no price when the catalog is not priced', () => {
    expect(searchDocuments(modelOf('guardian'), false).every((doc) => doc.price === undefined)).toBe(true);
  });
});

describe("a tenant's prebuilt index, loaded as the browser loads it", () => {
  it('finds by code, by a word with a typo, by colour and by sub-category', () => {
    const index = loaded('guardian');
    expect(found(index, 'K500')).toEqual(['K500']);
    expect(found(index, 'spart polo')).toEqual(['K500']);
    expect(found(index, 'royal')).toEqual(['K500']);
    expect(found(index, 'polos')).toEqual(['K500']);
    expect(found(index, 'floor mat')).toEqual(['FM-100']);
    // A code is matched exactly (as a word's start), never within a typo's reach.
    expect(found(index, 'K50')).toEqual(['K500']);
    expect(found(index, 'K501')).toEqual([]);
  });

  it("finds a store's plate only for that store", () => {
    const index = loaded('guardian');
    expect(found(index, 'aluminum')).toEqual([]);
    expect(found(index, 'aluminum', 'GFORD1')).toEqual([]);
    expect(found(index, 'aluminum', 'GCHEV1')).toEqual(['PLT-AL']);
  });
});

describe('the index files', () => {
  it('are named by content, pointed at from a fixed address, and reused from the cache for the same documents', () => {
    const cache = mkdtempSync(path.join(tmpdir(), 'search-cache-'));
    const first = searchIndexAsset(modelOf('guardian'), true, cache);
    expect(first.file).toMatch(/^assets\/search-[0-9a-f]{12}\.json$/);
    expect(JSON.parse(first.pointer.json) as SearchPointer).toEqual({ index: `/guardian/${first.file}`, base: '/guardian/' });
    expect(first.pointer.file).toBe('search/index.json');
    expect(readdirSync(cache)).toHaveLength(1);
    expect(searchIndexAsset(modelOf('guardian'), true, cache)).toEqual(first);
    expect(readdirSync(cache)).toHaveLength(1);

    const [k500, ...rest] = catalog.products;
    const renamed = searchIndexAsset(modelOf('guardian', { ...catalog, products: [{ ...k500!, name: 'Sport Polo II' }, ...rest] }), true, cache);
    expect(renamed.file).not.toBe(first.file);
    expect(readdirSync(cache)).toHaveLength(2);
  });
});
