import { describe, expect, it } from 'vitest';
import { pictureSources } from './picture-sources.ts';
import type { PreparedImage } from './prepared-image.ts';

const product: PreparedImage = {
  source: '/repo/catalogs/images/K500_navy.jpg',
  width: 960,
  height: 960,
  placeholderColor: '#c2c4c6',
  // In the order prepare() lists them: per width, fallback first.
  variants: [
    { file: 'K500_navy-aaaaaaaa-320.jpg', width: 320, format: 'jpeg' },
    { file: 'K500_navy-bbbbbbbb-320.avif', width: 320, format: 'avif' },
    { file: 'K500_navy-cccccccc-320.webp', width: 320, format: 'webp' },
    { file: 'K500_navy-dddddddd-960.jpg', width: 960, format: 'jpeg' },
    { file: 'K500_navy-eeeeeeee-960.avif', width: 960, format: 'avif' },
    { file: 'K500_navy-ffffffff-960.webp', width: 960, format: 'webp' },
    { file: 'K500_navy-11111111-640.jpg', width: 640, format: 'jpeg' },
    { file: 'K500_navy-22222222-640.avif', width: 640, format: 'avif' },
    { file: 'K500_navy-33333333-640.webp', width: 640, format: 'webp' },
  ],
};

describe('pictureSources', () => {
  it('lists AVIF then WebP sources and a JPEG fallback, each srcset by ascending width under the prefix', () => {
    expect(pictureSources(product, '/guardian/assets/img/')).toEqual({
      width: 960,
      height: 960,
      placeholderColor: '#c2c4c6',
      sources: [
        {
          type: 'image/avif',
          srcset:
            '/guardian/assets/img/K500_navy-bbbbbbbb-320.avif 320w, /guardian/assets/img/K500_navy-22222222-640.avif 640w, /guardian/assets/img/K500_navy-eeeeeeee-960.avif 960w',
        },
        {
          type: 'image/webp',
          srcset:
            '/guardian/assets/img/K500_navy-cccccccc-320.webp 320w, /guardian/assets/img/K500_navy-33333333-640.webp 640w, /guardian/assets/img/K500_navy-ffffffff-960.webp 960w',
        },
      ],
      fallback: {
        src: '/guardian/assets/img/K500_navy-dddddddd-960.jpg',
        srcset:
          '/guardian/assets/img/K500_navy-aaaaaaaa-320.jpg 320w, /guardian/assets/img/K500_navy-11111111-640.jpg 640w, /guardian/assets/img/K500_navy-dddddddd-960.jpg 960w',
      },
    });
  });

  it('offers only the formats an image has: a logo with WebP and a PNG fallback', () => {
    const logo: PreparedImage = {
      source: '/repo/tenants/logos/guardian.png',
      width: 480,
      height: 160,
      placeholderColor: '#e4bac0',
      variants: [
        { file: 'guardian-12345678-160.png', width: 160, format: 'png' },
        { file: 'guardian-9abcdef0-160.webp', width: 160, format: 'webp' },
        { file: 'guardian-23456789-480.png', width: 480, format: 'png' },
        { file: 'guardian-abcdef01-480.webp', width: 480, format: 'webp' },
      ],
    };
    const picture = pictureSources(logo, '/assets/img');
    expect(picture.sources).toEqual([
      { type: 'image/webp', srcset: '/assets/img/guardian-9abcdef0-160.webp 160w, /assets/img/guardian-abcdef01-480.webp 480w' },
    ]);
    expect(picture.fallback.src).toBe('/assets/img/guardian-23456789-480.png');
  });

  it('keeps every URL in a srcset one token, whatever the file name', () => {
    const odd: PreparedImage = { ...product, variants: [{ file: 'a b,c-00000000-320.jpg', width: 320, format: 'jpeg' }] };
    expect(pictureSources(odd, '').fallback).toEqual({ src: 'a%20b%2Cc-00000000-320.jpg', srcset: 'a%20b%2Cc-00000000-320.jpg 320w' });
  });

  it('refuses an image with nothing every browser can show', () => {
    const avifOnly: PreparedImage = { ...product, variants: [{ file: 'x-00000000-320.avif', width: 320, format: 'avif' }] };
    expect(() => pictureSources(avifOnly, '/')).toThrow(/no JPEG or PNG/);
  });
});
