import type { Money } from '../../domain/money.ts';
import type { Product } from '../../domain/product.ts';
import type { PictureData } from '../../site/picture-data.ts';
import type { StorePasswordAsker } from '../shared/store-password.ts';
import type { ItemStore } from './item-store.ts';

/** Serialized into the item page's HTML; everything the add-to-cart island needs. */
export interface ItemIslandProps {
  product: Product;
  /** Colour (and half colour) → its image; its fallback.src (the largest JPEG) is what the enlarge-on-click preview opens. */
  images: Record<string, PictureData>;
  /** Colour → its back picture, for the colours that have one: where back placements are drawn. */
  backImages: Record<string, PictureData>;
  embroideries: readonly string[];
  /** Each offered logo's image, drawn on the picture once chosen (the same files as the logo strips). */
  logos: Record<string, PictureData>;
  placements: readonly string[];
  showImagePreview: boolean;
  /** False for a price-less catalog, which shows no prices at all. */
  showPrices: boolean;
  /** The tenant's stores this product is made for: the item page opened from one's catalog adds lines for it. */
  stores: ItemStore[];
  /** Whom to ask for a password store's password before its lines can be added. */
  storePassword: StorePasswordAsker;
  /** The order API's ceiling on one order's total (`max_order_total`): an addition that would pass it is refused at the form. */
  maxOrderTotal: Money;
}
