import type { Category } from './categories.ts';
import type { Money } from './money.ts';
import type { PlacementAreas } from './placement-areas.ts';
import type { SizeFamily } from './size-labels.ts';

export interface SizePrice {
  label: string;
  family: SizeFamily;
  /** 0 means the price is not set and is not shown. */
  price: Money;
}

export interface VolumePrice {
  quantity: number;
  price: Money;
}

export interface Product {
  code: string;
  name: string;
  fullname: string;
  description: string;
  type: Category;
  subCategory?: string;
  colors: string[];
  /** Two-tone colours, written as two colour names ("Black Red"). */
  halfColors: string[];
  defaultColor: string;
  /** In the order the catalog lists them, which is the order they are shown. */
  sizes: SizePrice[];
  restricted: boolean;
  supportedStores: string[];
  discounts: VolumePrice[];
  minQuantity?: number;
  quantityStep?: number;
  /** Logo areas beyond the type's defaults (src/domain/placement-areas.ts). */
  placementAreas?: PlacementAreas;
  colorPlacementAreas?: Readonly<Record<string, PlacementAreas>>;
  /** Colours with a `<code>_<colour>_back.jpg` picture. */
  backPictureColors?: readonly string[];
}

export interface Catalog {
  id: string;
  priced: boolean;
  products: Product[];
}

/** Every colour a product comes in: its plain colours, then its two-tone ones, as listed. */
export function productColors(product: Pick<Product, 'colors' | 'halfColors'>): string[] {
  return [...product.colors, ...product.halfColors];
}
