import { describe, expect, it } from 'vitest';
import { variantFileName } from './variant-file-name.ts';

const HASH = '3f9a1c2b' + '0'.repeat(56);

describe('variantFileName', () => {
  it('names a file by its source, content hash and width', () => {
    expect(variantFileName('/repo/catalogs/images/K500_navy.jpg', HASH, 640, 'avif')).toBe('K500_navy-3f9a1c2b-640.avif');
    expect(variantFileName('/repo/catalogs/images/K500_navy.jpg', HASH, 640, 'jpeg')).toBe('K500_navy-3f9a1c2b-640.jpg');
  });

  it('keeps only URL-safe characters of logo names', () => {
    expect(variantFileName('/repo/tenants/logos/Leith Ford & Lincoln.png', HASH, 160, 'png')).toBe('Leith-Ford-Lincoln-3f9a1c2b-160.png');
    expect(variantFileName("/repo/tenants/logos/Tommy's Kia.png", HASH, 160, 'webp')).toBe('Tommy-s-Kia-3f9a1c2b-160.webp');
    expect(variantFileName('/repo/tenants/logos/&&.png', HASH, 160, 'webp')).toBe('image-3f9a1c2b-160.webp');
  });
});
