import { describe, expect, it } from 'vitest';
import { loadProject } from '../../data/load-project.ts';
import type { Catalog } from '../../../domain/product.ts';
import type { PageModel } from '../../../site/page-model.ts';
import { fixtureProject } from '../../../../tests/helpers/fixture-project.ts';
import { renderTenant, RouteRenderError } from './render-tenant.tsx';
import { storefrontConfig } from './tenant-storefront-config.ts';
import type { ClientAssets } from '../bundle/client-assets.ts';

const assets: ClientAssets = {
  stylesheet: 'storefront.css',
  entries: {
    'every-page': { file: 'every-page.js', imports: [] },
    item: { file: 'item.js', imports: [] },
    stores: { file: 'stores.js', imports: [] },
    entry: { file: 'entry.js', imports: [] },
    checkout: { file: 'checkout.js', imports: [] },
    success: { file: 'success.js', imports: [] },
    orders: { file: 'orders.js', imports: [] },
    'order-status': { file: 'order-status.js', imports: [] },
    search: { file: 'search.js', imports: [] },
    desk: { file: 'desk.js', imports: [] },
  },
  files: [],
};

async function guardianModel(productImage: PageModel['productImage']): Promise<{ model: PageModel; catalog: Catalog }> {
  const { project } = loadProject(fixtureProject());
  if (!project) throw new Error('the base fixture must be valid');
  const tenant = project.tenants.find((t) => t.id === 'guardian');
  const catalog = tenant && project.catalogs.get(tenant.catalogId);
  if (!tenant || !catalog) throw new Error('guardian and its catalog must exist');
  const config = storefrontConfig(project.supplier, tenant, { logos: {} });
  const storeBound = new Set(catalog.products.filter((p) => p.supportedStores.length > 0).map((p) => p.code));
  const catalogPrices = { file: 'assets/catalog-0.json', url: `${config.base}assets/catalog-0.json`, json: '{}' };
  return { model: { config, products: catalog.products, storeBound, productImage, catalogLinks: project.supplier.catalogLinks, catalogPrices }, catalog };
}

describe('rendering a tenant', () => {
  it('renders every route of the route table', async () => {
    const { model, catalog } = await guardianModel(() => undefined);
    const files = renderTenant(model, catalog, assets).map((page) => page.file);
    expect(files).toContain('index.html');
    expect(files).toContain('item/PLT-AL/index.html');
    expect(files).toContain('catalog/GCHEV1/customs/index.html');
    expect(files).toContain('404.html');
  });

  it('fails naming the tenant and the page when a page throws', async () => {
    const { model, catalog } = await guardianModel((code) => {
      if (code === 'FM-100') throw new Error('image table is corrupt');
      return undefined;
    });
    expect(() => renderTenant(model, catalog, assets)).toThrow(RouteRenderError);
    expect(() => renderTenant(model, catalog, assets)).toThrow('tenant guardian, page index.html: image table is corrupt');
  });
});

describe('a catalog too long for one page', () => {
  it('is split into pages that list every product once and link to each other', async () => {
    const { model, catalog } = await guardianModel(() => undefined);
    const polo = catalog.products.find((product) => product.type === 'mens');
    if (!polo) throw new Error('the base fixture must have a mens product');
    // 100 men's products: three pages of at most 48.
    const grown = Array.from({ length: 99 }, (_, index) => ({ ...polo, code: `${polo.code}-${index}` }));
    const products = [...catalog.products, ...grown];
    const pages = renderTenant({ ...model, products }, { ...catalog, products }, assets);
    const mens = pages.filter((page) => page.file.startsWith('catalog/mens/'));
    expect(mens.map((page) => page.file)).toEqual(['catalog/mens/index.html', 'catalog/mens/page/2/index.html', 'catalog/mens/page/3/index.html']);

    const cardsOf = (html: string) => [...html.matchAll(/class="card__link" href="\/guardian\/item\/([^/]+)\/"/g)].map((match) => match[1]);
    const listed = mens.flatMap((page) => cardsOf(page.html));
    expect(listed).toHaveLength(100);
    expect(new Set(listed)).toEqual(new Set([polo.code, ...grown.map((product) => product.code)]));
    expect(mens.map((page) => cardsOf(page.html).length)).toEqual([48, 48, 4]);

    const second = mens[1]!.html;
    expect(second).toContain("<title>Men's Apparel, page 2 of 3 | ");
    expect(second).toMatch(/<a href="\/guardian\/catalog\/mens\/" rel="prev">Previous page<\/a>/);
    expect(second).toMatch(/<a href="\/guardian\/catalog\/mens\/page\/3\/" rel="next">Next page<\/a>/);
    expect(second).toMatch(/<a href="\/guardian\/catalog\/mens\/page\/2\/" aria-current="page" aria-label="Page 2 of 3">2<\/a>/);
    // A catalog that fits on one page has no page links.
    const service = pages.find((page) => page.file === 'catalog/service/index.html');
    expect(service?.html).toContain('class="card__link"');
    expect(service?.html).not.toContain('page-links');
  });
});
