import type { Product } from '../../domain/product.ts';
import type { PictureData } from '../../site/picture-data.ts';

/** Serialized into the item page's HTML; everything the add-to-cart island needs. */
export interface ItemIslandProps {
  product: Product;
  /** Colour (and half colour) → its image. */
  images: Record<string, PictureData>;
  /** The largest JPEG per colour, opened by the enlarge-on-click preview. */
  fullImages: Record<string, string>;
  embroideries: readonly string[];
  placements: readonly string[];
  showImagePreview: boolean;
  /** False for a price-less catalog, which shows no prices at all. */
  showPrices: boolean;
}
