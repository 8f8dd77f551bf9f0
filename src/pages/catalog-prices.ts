import { productColors } from '../domain/product.ts';
import type { CatalogPrices } from '../islands/shared/catalog-prices.ts';
import { productImageKey, type ProductThumbnails } from '../islands/shared/ordering-props.ts';
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
    }
  }
  return { products: model.products, thumbnails };
}
