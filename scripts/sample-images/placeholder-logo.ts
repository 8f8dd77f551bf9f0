import sharp from 'sharp';
import { wordmarkSvg } from './logo-images.ts';

/**
 * The placeholder company logo `npm run new-tenant` writes: the same wordmark, with the same
 * PNG settings, that `npm run images:sample` draws for a tenant's company_logo, so redrawing
 * the sample images leaves it byte-for-byte as it is until the real logo replaces it.
 */
export function drawPlaceholderLogo(title: string): Promise<Buffer> {
  return sharp(Buffer.from(wordmarkSvg(title)))
    .png({ palette: true, compressionLevel: 9, effort: 10 })
    .toBuffer();
}
