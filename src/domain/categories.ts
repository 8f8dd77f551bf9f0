/** Product categories: each is a product `type` and a catalog page `catalog/<category>`. */
export const CATEGORIES = ['mens', 'womens', 'tshirts', 'hat', 'accessory', 'customs', 'office', 'service', 'sales', 'detail', 'bodyshop', 'parts'] as const;

export type Category = (typeof CATEGORIES)[number];

export const PLACEMENTS = [
  'Left Chest',
  'Left Sleeve',
  'Right Sleeve',
  'Yoke',
  'Full Back',
  'Full Front',
  'Front Center',
  'Left Panel',
  'Right Panel',
  'Left Side',
  'Right Side',
] as const;

export type Placement = (typeof PLACEMENTS)[number];

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}

/** Tenant files may spell the t-shirt category `tshirt` (older data); both mean `tshirts`. */
export function normalizeCategoryKey(key: string): string {
  return key === 'tshirt' ? 'tshirts' : key;
}
