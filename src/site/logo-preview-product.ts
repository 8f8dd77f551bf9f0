import type { Category } from '../domain/categories.ts';
import { mockupSide, placementAreaFor, type PlacementArea } from '../domain/placement-areas.ts';
import type { Product } from '../domain/product.ts';

/** The shirts a dealership's logo is first pictured on. */
const SHIRT_TYPES: readonly Category[] = ['mens', 'womens', 'tshirts'];

/** Where the landing page's preview draws each logo: the placement every shirt offers by default. */
export const PREVIEW_PLACEMENT = 'Left Chest';

export interface LogoPreviewProduct {
  product: Product;
  area: PlacementArea;
  /** The tenant's logos for the product's type, in the order its embroideries list them. */
  logos: string[];
}

/**
 * The product the landing page's logo preview (`render_logo_preview`) shows the group's logos
 * on: the first shirt of the catalog, in its default colour, whose picture exists, whose front
 * has a Left Chest area, and for whose type the tenant offers logos at Left Chest (so the
 * preview pictures an order the buyer can place). Undefined when the catalog has none: the
 * page then shows the logos alone.
 */
export function logoPreviewProduct(
  products: readonly Product[],
  tenant: { embroideries: Partial<Record<Category, readonly string[]>>; logoPlacements: Partial<Record<Category, readonly string[]>> },
  hasPicture: (product: Product) => boolean,
): LogoPreviewProduct | undefined {
  for (const product of products) {
    if (!SHIRT_TYPES.includes(product.type)) continue;
    const logos = tenant.embroideries[product.type] ?? [];
    if (logos.length === 0 || !tenant.logoPlacements[product.type]?.includes(PREVIEW_PLACEMENT)) continue;
    if (mockupSide(product, product.defaultColor, PREVIEW_PLACEMENT) !== 'front' || !hasPicture(product)) continue;
    const area = placementAreaFor(product, product.defaultColor, PREVIEW_PLACEMENT)!;
    return { product, area, logos: [...logos] };
  }
  return undefined;
}
