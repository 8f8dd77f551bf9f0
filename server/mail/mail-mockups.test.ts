import { describe, expect, it } from 'vitest';
import type { Product } from '../../src/domain/product.ts';
import type { StoredLine } from '../storage/order-database.ts';
import { mailMockups } from './mail-mockups.ts';

const polo = {
  code: 'K500',
  name: 'Sport Polo',
  type: 'mens',
  colors: ['Navy', 'Royal Blue'],
  halfColors: [],
  backPictureColors: ['Navy'],
} as unknown as Product;
const mug = {
  code: 'TUM20',
  name: 'Tumbler',
  type: 'accessory',
  colors: ['Black'],
  halfColors: [],
  placementAreas: { 'Front Center': { x: 0.37, y: 0.38, width: 0.22, height: 0.2, side: 'front' } },
} as unknown as Product;
const find = (code: string) => (code === 'K500' ? polo : code === 'TUM20' ? mug : undefined);
const tenant = { embroideries: { mens: ['Shield', 'Script'], accessory: ['Shield'] }, flags: { showImagePreview: true } };
const line = (fields: Partial<StoredLine>) =>
  ({ code: 'K500', color: 'Navy', embroidery: 'Shield', placement: 'Left Chest', secondEmbroidery: '', secondPlacement: '', ...fields }) as StoredLine;

describe('mailMockups', () => {
  it("names the data folder's picture and logo of each line with a logo, with a Content-ID and a file name saying what it shows", () => {
    const [first, none] = mailMockups([line({ color: 'Royal Blue' }), line({ embroidery: '', placement: '' })], tenant, find);
    expect(first).toMatchObject([
      {
        cid: 'mockup-1-front@order',
        filename: 'K500 Royal Blue, Shield at Left Chest.jpg',
        description: 'Sport Polo with Shield at Left Chest',
        picture: 'catalogs/images/K500_royal_blue.jpg',
        logos: [{ image: 'tenants/logos/Shield.png' }],
      },
    ]);
    expect(none).toEqual([]);
  });

  it('draws a back placement on the colour’s back picture', () => {
    expect(mailMockups([line({ placement: 'Full Back' })], tenant, find)[0]?.map((m) => m.picture)).toEqual(['catalogs/images/K500_navy_back.jpg']);
    expect(mailMockups([line({ color: 'Royal Blue', placement: 'Full Back' })], tenant, find)[0]).toEqual([]);
  });

  it('gives a line a picture per side that has a logo: the first logo on the front, the second on the back', () => {
    const [sides] = mailMockups([line({ secondEmbroidery: 'Script', secondPlacement: 'Full Back' })], tenant, find);
    expect(sides!.map(({ cid, picture, description }) => ({ cid, picture, description }))).toEqual([
      { cid: 'mockup-1-front@order', picture: 'catalogs/images/K500_navy.jpg', description: 'Sport Polo with Shield at Left Chest' },
      { cid: 'mockup-1-back@order', picture: 'catalogs/images/K500_navy_back.jpg', description: 'Sport Polo with Script at Full Back, back view' },
    ]);
  });

  it('draws a mug’s logo, ordered without a placement, at its one area', () => {
    const [mockups] = mailMockups([line({ code: 'TUM20', color: 'Black', placement: '' })], tenant, find);
    expect(mockups).toMatchObject([{ picture: 'catalogs/images/TUM20_black.jpg', description: 'Tumbler with Shield at Front Center' }]);
  });

  it('makes none for a tenant whose item-page preview is off', () => {
    expect(mailMockups([line({})], { ...tenant, flags: { showImagePreview: false } }, find)).toEqual([[]]);
  });

  it('makes none for a colour the product does not have, a logo the tenant does not have, or a product not in its catalog: such a line could name any file', () => {
    expect(mailMockups([line({ color: '../../../etc/secret' }), line({ embroidery: '../../x' }), line({ code: 'GONE' })], tenant, find)).toEqual([[], [], []]);
  });
});
