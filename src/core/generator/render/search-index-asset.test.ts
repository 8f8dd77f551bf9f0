import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { fixtureProject, REPO_ROOT } from '../../../../tests/helpers/fixture-project.ts';
import { generatedTenantsProject } from '../../../../tests/helpers/generated-tenants.ts';
import { phrasesFor } from '../../../../tests/helpers/search-phrases.ts';
import type { Catalog } from '../../../domain/product.ts';
import type { Tenant } from '../../../domain/tenant.ts';
import { addStoreDocuments, findProducts, SEARCH_OPTIONS, searchableFor, type SearchDocument, type SearchPointer } from '../../../site/search-index.ts';
import { loadProject, type Project } from '../../data/load-project.ts';
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
const found = (index: MiniSearch<SearchDocument>, query: string, store?: string, ...unlocked: string[]) =>
  findProducts(index, query, { storeCode: store, unlocked: new Set(unlocked) }).map((result) => result.code);

/**
 * Every phrase with a right answer among what the buyer may see finds one of them first: on
 * the tenant's pages without a store and on each open store's, every password store unlocked.
 */
function expectPhrasesFirst(from: Project, tenant: Tenant): number {
  const data = from.catalogs.get(tenant.catalogId)!;
  const model = tenantPageModel(from.supplier, tenant, data, { logos: {}, productImage: picture });
  const asset = searchIndexAsset(model, data.priced, undefined);
  const index = MiniSearch.loadJSON<SearchDocument>(asset.json, SEARCH_OPTIONS);
  for (const file of asset.passwordStores) addStoreDocuments(index, JSON.parse(file.json) as SearchDocument[]);
  const { open, passwordStores } = searchDocuments(model, data.priced);
  const documents = [...open, ...[...passwordStores.values()].flat()];
  const unlocked = new Set(passwordStores.keys());
  let tried = 0;
  for (const storeCode of [undefined, ...tenant.stores.filter((store) => !store.password).map((store) => store.code)]) {
    const viewer = { storeCode, unlocked };
    const seen = new Set(documents.filter((doc) => searchableFor(doc, viewer)).map((doc) => doc.code));
    for (const { query, right } of phrasesFor(data.products.filter((product) => seen.has(product.code)))) {
      const first = findProducts(index, query, viewer)[0];
      const answer = first && right.has(first.code) ? first.code : `${first?.code ?? 'nothing'} (wanted one of ${[...right].join(', ')})`;
      expect(answer, `${tenant.id}${storeCode ? ` at ${storeCode}` : ''}: “${query}”`).toBe(first?.code);
      tried += 1;
    }
  }
  return tried;
}

describe("a tenant's search documents", () => {
  it('are the products its catalog pages list: a store-bound plate only for its store where the store picker is on', () => {
    const { open, passwordStores } = searchDocuments(modelOf('guardian'), true);
    const byCode = new Map(open.map((doc) => [doc.code, doc]));
    expect([...byCode.keys()]).toEqual(['K500', 'FM-100']);
    expect(byCode.get('K500')).toEqual({
      code: 'K500',
      name: 'Sport Polo',
      fullname: 'Silk Touch Sport Polo',
      description: 'Snag-resistant polo with a flat knit collar.',
      colors: 'Navy Black Royal Blue',
      kind: "Men's Apparel mens polos",
      image: '/img/K500_Navy.jpg',
      price: 'Starts at $38.77 each',
      general: true,
      stores: [],
    });
    // GCHEV1 has a password: its plate is in its own file, naming that store only.
    expect([...passwordStores.keys()]).toEqual(['GCHEV1']);
    const plate = passwordStores.get('GCHEV1')?.find((doc) => doc.code === 'PLT-AL');
    expect(plate).toMatchObject({ general: false, stores: ['GCHEV1'], colors: 'White Black Red' });
    // Print-run products have no 'Starts at'.
    expect(plate).not.toHaveProperty('price');
    // A tenant without stores lists the plate in its customs catalog, so every buyer finds it.
    expect(searchDocuments(modelOf('solo'), true).open.find((doc) => doc.code === 'PLT-AL')).toMatchObject({ general: true, stores: [] });
  });

  it('name no price when the catalog is not priced', () => {
    expect(searchDocuments(modelOf('guardian'), false).open.every((doc) => doc.price === undefined)).toBe(true);
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

  it('finds any of the words, the product with most of them first, and forgives a typo only where a word finds nothing as typed', () => {
    const index = loaded('guardian');
    expect(found(index, 'polo shrt')[0]).toBe('K500');
    expect(found(index, 'flor mats')).toEqual(['FM-100']);
    expect(found(index, 'polo floor')).toEqual(expect.arrayContaining(['K500', 'FM-100']));
    // 'leather' is no typo of 'heather' while something is leather; here nothing is.
    expect(found(index, 'mats polo')).toHaveLength(2);
  });

  it("finds a password store's plate once this browser unlocked the store, on any page", () => {
    const asset = searchIndexAsset(modelOf('guardian'), catalog.priced, undefined);
    const index = MiniSearch.loadJSON<SearchDocument>(asset.json, SEARCH_OPTIONS);
    expect(found(index, 'aluminum', 'GCHEV1')).toEqual([]);
    expect(asset.json).not.toContain('GCHEV1');
    for (const file of asset.passwordStores) addStoreDocuments(index, JSON.parse(file.json) as SearchDocument[]);
    expect(found(index, 'aluminum')).toEqual([]);
    expect(found(index, 'aluminum', 'GFORD1')).toEqual([]);
    expect(found(index, 'aluminum', undefined, 'GCHEV1')).toEqual(['PLT-AL']);
    expect(found(index, 'plt-al', 'GFORD1', 'GCHEV1')).toEqual(['PLT-AL']);
  });
});

describe('the phrases of issue 47', () => {
  it('each find a right product first on every sample tenant, every password store unlocked', () => {
    const { project: sample } = loadProject(REPO_ROOT);
    if (!sample) throw new Error('the sample data must be valid');
    let tried = 0;
    for (const tenant of sample.tenants) tried += expectPhrasesFirst(sample, tenant);
    expect(tried).toBeGreaterThan(sample.tenants.length * 10);
  });

  it("find no T-shirt for 'leather': a word found as typed is not taken for a typo of another ('heather')", () => {
    const { project: sample } = loadProject(REPO_ROOT);
    const guardian = sample?.tenants.find((tenant) => tenant.id === 'guardian');
    if (!sample || !guardian) throw new Error('the sample data must be valid');
    const data = sample.catalogs.get(guardian.catalogId)!;
    const model = tenantPageModel(sample.supplier, guardian, data, { logos: {}, productImage: picture });
    const index = MiniSearch.loadJSON<SearchDocument>(searchIndexAsset(model, data.priced, undefined).json, SEARCH_OPTIONS);
    const texts = new Map(data.products.map((product) => [product.code, `${product.name} ${product.fullname} ${product.description}`]));
    const leather = found(index, 'leather');
    expect(leather.length).toBeGreaterThan(0);
    expect(leather.filter((code) => !/leather/i.test(texts.get(code) ?? ''))).toEqual([]);
  });

  it('each find a right product first on a tenant the project never saw', () => {
    const { project: generated } = loadProject(generatedTenantsProject(1));
    const unseen = generated?.tenants.find((tenant) => tenant.id === 't001');
    if (!generated || !unseen) throw new Error('the generated tenant must be valid');
    expect(expectPhrasesFirst(generated, unseen)).toBeGreaterThanOrEqual(4);
    // The same new tenant on each of the sample catalogs, whose products it never listed.
    const { project: sample } = loadProject(REPO_ROOT);
    if (!sample) throw new Error('the sample data must be valid');
    for (const catalogId of sample.catalogs.keys()) {
      const stranger: Tenant = { ...unseen, id: `t001-${catalogId}`, catalogId, stores: [] };
      expect(expectPhrasesFirst(sample, stranger)).toBeGreaterThan(20);
    }
  });
});

describe('the index files', () => {
  it('are named by content, pointed at from a fixed address, and reused from the cache for the same documents', () => {
    const cache = mkdtempSync(path.join(tmpdir(), 'search-cache-'));
    const first = searchIndexAsset(modelOf('guardian'), true, cache);
    expect(first.file).toMatch(/^assets\/search-[0-9a-f]{12}\.json$/);
    const storeFile = first.passwordStores[0]!.file;
    expect(JSON.parse(first.pointer.json) as SearchPointer).toEqual({
      index: `/guardian/${first.file}`,
      base: '/guardian/',
      tenantId: 'guardian',
      passwordStores: { GCHEV1: `/guardian/${storeFile}` },
    });
    // The store's file is named by what it holds: nothing of the store's code or password.
    expect(storeFile).toMatch(/^assets\/search-[0-9a-f]{12}\.json$/);
    expect(storeFile).not.toContain('GCHEV1');
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
