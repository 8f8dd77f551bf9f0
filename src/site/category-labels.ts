import type { Category } from '../domain/categories.ts';

/** How categories are named on tiles and headings. */
export const CATEGORY_LABELS: Record<Category, string> = {
  mens: "Men's Apparel",
  womens: "Women's Apparel",
  tshirts: 'T-Shirts',
  hat: 'Hats',
  accessory: 'Accessories',
  customs: 'Custom Plates & Decals',
  office: 'Office Supplies',
  service: 'Service Supplies',
  sales: 'Sales Supplies',
  detail: 'Detail Supplies',
  bodyshop: 'Body Shop Supplies',
  parts: 'Parts Supplies',
};
