import { describe, expect, it } from 'vitest';
import type { Product } from '../domain/product.ts';
import { logoPreviewProduct } from './logo-preview-product.ts';

const product = (code: string, type: Product['type'], extra: Partial<Product> = {}): Product => ({
  code,
  name: code,
  fullname: code,
  description: '',
  type,
  colors: ['Navy'],
  halfColors: [],
  defaultColor: 'Navy',
  sizes: [],
  restricted: false,
  supportedStores: [],
  discounts: [],
  ...extra,
});
const tenant = {
  embroideries: { mens: ['Shield', 'Script'], hat: ['Cap Logo'] },
  logoPlacements: { mens: ['Left Chest' as const], hat: ['Front Center' as const] },
};
const anyPicture = () => true;

describe('logoPreviewProduct', () => {
  it('takes the first shirt, in catalog order, that the tenant offers logos at Left Chest for', () => {
    const preview = logoPreviewProduct([product('CAP', 'hat'), product('MUG', 'office'), product('K500', 'mens'), product('K510', 'mens')], tenant, anyPicture);
    expect(preview?.product.code).toBe('K500');
    expect(preview?.logos).toEqual(['Shield', 'Script']);
    expect(preview?.area).toMatchObject({ side: 'front' });
  });

  it('passes over a shirt without a picture, one whose type has no logos or no Left Chest, and one whose area is elsewhere', () => {
    const products = [
      product('NOPIC', 'mens'),
      product('TEE', 'tshirts'),
      product('BACK', 'mens', { placementAreas: { 'Left Chest': { x: 0.5, y: 0.3, width: 0.1, height: 0.1, side: 'back' } } }),
      product('K500', 'mens'),
    ];
    expect(logoPreviewProduct(products, tenant, (p) => p.code !== 'NOPIC')?.product.code).toBe('K500');
    expect(logoPreviewProduct(products, { ...tenant, logoPlacements: { mens: ['Yoke' as const] } }, anyPicture)).toBeUndefined();
  });
});
