import { recordsPlacement } from '../domain/logo-rules.ts';
import { DEFAULT_PLACEMENT_AREAS, type PlacementArea, type PlacementAreas } from '../domain/placement-areas.ts';
import { productColors, type Product } from '../domain/product.ts';
import type { Category } from '../domain/categories.ts';
import type { CatalogPrices } from '../islands/shared/catalog-price-file.ts';
import { productBackImageKey, productImageKey, type ProductThumbnails } from '../islands/shared/ordering-props.ts';
import { fallbackUrls, type PictureData } from '../site/picture-data.ts';
import type { PageModel } from '../site/page-model.ts';

/** The smallest fallback image: what a cart line shows. */
export function thumbnail(image: PictureData): string {
  return fallbackUrls(image)[0] ?? image.fallback.src;
}

/** What the tenant's catalog price file holds (see CatalogPrices): its products and their thumbnails. */
export function catalogPrices(model: Pick<PageModel, 'products' | 'productImage'>): CatalogPrices {
  const thumbnails: ProductThumbnails = {};
  for (const product of model.products) {
    for (const color of productColors(product)) {
      const image = model.productImage(product.code, color);
      if (image) thumbnails[productImageKey(product.code, color)] = thumbnail(image);
      const back = product.backPictureColors?.includes(color) ? model.productImage(product.code, color, 'back') : undefined;
      if (back) thumbnails[productBackImageKey(product.code, color)] = thumbnail(back);
    }
  }
  return { products: model.products.map(withOwnAreasOnly), thumbnails };
}

/**
 * The product as the browser needs it for mock-ups: the areas its type's defaults give are
 * left out (the islands know the defaults, src/domain/placement-areas.ts), and a type that
 * records no placement carries none, so the file grows only by what a catalog sets apart.
 */
export function withOwnAreasOnly(product: Product): Product {
  const { placementAreas, colorPlacementAreas, backPictureColors, ...rest } = product;
  if (!recordsPlacement(product.type)) return rest;
  const defaults = DEFAULT_PLACEMENT_AREAS[product.type as Category] ?? {};
  const own = placementAreas && Object.entries(placementAreas).filter(([name, area]) => !sameArea(area, defaults[name]));
  return {
    ...rest,
    ...(own && own.length > 0 ? { placementAreas: Object.fromEntries(own) as PlacementAreas } : {}),
    ...(colorPlacementAreas && Object.keys(colorPlacementAreas).length > 0 ? { colorPlacementAreas } : {}),
    ...(backPictureColors && backPictureColors.length > 0 ? { backPictureColors } : {}),
  };
}

function sameArea(a: PlacementArea, b: PlacementArea | undefined): boolean {
  return b !== undefined && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height && a.side === b.side;
}
