import { describe, expect, it } from 'vitest';
import { fixtureProject } from '../../../../tests/helpers/fixture-project.ts';
import { moneyFromDollars, sumMoney } from '../../../domain/money.ts';
import { DEFAULT_PLACEMENT_AREAS } from '../../../domain/placement-areas.ts';
import type { Catalog } from '../../../domain/product.ts';
import type { CatalogPrices } from '../../../islands/shared/catalog-price-file.ts';
import { loadProject } from '../../data/load-project.ts';
import { tenantPageModel } from './tenant-page-model.ts';

const { project } = loadProject(fixtureProject());
if (!project) throw new Error('the base fixture must be valid');
const guardian = project.tenants.find((t) => t.id === 'guardian')!;
const catalog = project.catalogs.get(guardian.catalogId)!;
const images = { logos: {}, productImage: () => undefined };

describe("a tenant's catalog price file", () => {
  it('holds the products the tenant may order, under a content-hashed name in its assets', () => {
    const model = tenantPageModel(project.supplier, guardian, catalog, images);
    expect(model.catalogPrices.file).toMatch(/^assets\/catalog-[0-9a-f]{12}\.json$/);
    expect(model.catalogPrices.url).toBe(`/guardian/${model.catalogPrices.file}`);
    const prices = JSON.parse(model.catalogPrices.json) as CatalogPrices;
    expect(prices.products.map((p) => p.code)).toEqual(model.products.map((p) => p.code));
  });

  it('gets a new name when a price changes, so no cache serves the old prices', () => {
    const before = tenantPageModel(project.supplier, guardian, catalog, images).catalogPrices;
    const [first, ...rest] = catalog.products;
    const repriced: Catalog = {
      ...catalog,
      products: [{ ...first!, sizes: first!.sizes.map((size) => ({ ...size, price: sumMoney([size.price, moneyFromDollars(0.01)]) })) }, ...rest],
    };
    const after = tenantPageModel(project.supplier, guardian, repriced, images).catalogPrices;
    expect(after.file).not.toBe(before.file);
    expect(tenantPageModel(project.supplier, guardian, catalog, images).catalogPrices.file).toBe(before.file);
  });
});

describe("the catalog price file's logo areas", () => {
  it("carries only the areas a product sets apart from its type's defaults, and none for a type without placements", () => {
    const [first, ...rest] = catalog.products;
    const polo = { ...first!, type: 'mens' as const };
    const own = { x: 0.5, y: 0.25, width: 0.2, height: 0.1, side: 'front' as const };
    const withAreas: Catalog = {
      ...catalog,
      products: [
        {
          ...polo,
          placementAreas: { 'Left Chest': own, 'Full Front': { ...DEFAULT_PLACEMENT_AREAS.mens!['Full Front']! } },
          backPictureColors: [polo.defaultColor],
        },
        ...rest.map((product) => ({ ...product, type: 'office' as const, placementAreas: { 'Left Chest': own } })),
      ],
    };
    const prices = JSON.parse(tenantPageModel(project.supplier, guardian, withAreas, images).catalogPrices.json) as CatalogPrices;
    const shipped = prices.products.find((p) => p.code === polo.code)!;
    // Full Front is the mens default: the browser knows it already.
    expect(shipped.placementAreas).toEqual({ 'Left Chest': own });
    expect(shipped.backPictureColors).toEqual([polo.defaultColor]);
    expect(prices.products.filter((p) => p.code !== polo.code).every((p) => p.placementAreas === undefined)).toBe(true);
  });
});
