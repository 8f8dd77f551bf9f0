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
const find = (code: string) => (code === 'K500' ? polo : undefined);
const tenant = { embroideries: { mens: ['Shield', 'Script'] } };
const line = (fields: Partial<StoredLine>) =>
  ({ code: 'K500', color: 'Navy', embroidery: 'Shield', placement: 'Left Chest', secondEmbroidery: '', secondPlacement: '', ...fields }) as StoredLine;

describe('mailMockups', () => {
  it("names the data folder's picture and logo of each line with a logo, with a Content-ID and a file name saying what it shows", () => {
    const [first, none] = mailMockups([line({ color: 'Royal Blue' }), line({ embroidery: '', placement: '' })], tenant, find);
    expect(first).toMatchObject({
      cid: 'mockup-1@order',
      filename: 'K500 Royal Blue, Shield at Left Chest.jpg',
      description: 'Sport Polo with Shield at Left Chest',
      picture: 'catalogs/images/K500_royal_blue.jpg',
      logos: [{ image: 'tenants/logos/Shield.png' }],
    });
    expect(none).toBeUndefined();
  });

  it('draws a back placement on the colour’s back picture', () => {
    expect(mailMockups([line({ placement: 'Full Back' })], tenant, find)[0]?.picture).toBe('catalogs/images/K500_navy_back.jpg');
    expect(mailMockups([line({ color: 'Royal Blue', placement: 'Full Back' })], tenant, find)[0]).toBeUndefined();
  });

  it('makes none for a colour the product does not have, a logo the tenant does not have, or a product not in its catalog: such a line could name any file', () => {
    expect(mailMockups([line({ color: '../../../etc/secret' }), line({ embroidery: '../../x' }), line({ code: 'GONE' })], tenant, find)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});
