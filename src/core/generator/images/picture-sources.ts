// Pure data in, pure data out: no Node imports, so pages and islands may use the result.
import type { ImageFormat } from './image-presets.ts';
import type { PictureData } from '../../../site/picture-data.ts';
import type { PreparedImage } from './prepared-image.ts';

export type { PictureData };

const MIME: Readonly<Record<ImageFormat, string>> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };
const MODERN: readonly ImageFormat[] = ['avif', 'webp'];
const FALLBACK: readonly ImageFormat[] = ['jpeg', 'png'];

/** Builds the <picture> data with URLs: urlPrefix like '/guardian/assets/img/' (where emit() put the files). */
export function pictureSources(image: PreparedImage, urlPrefix: string): PictureData {
  const url = (file: string) => joinUrl(urlPrefix, file);
  const byFormat = (format: ImageFormat) => image.variants.filter((variant) => variant.format === format).sort((a, b) => a.width - b.width);
  const srcset = (format: ImageFormat) =>
    byFormat(format)
      .map((variant) => `${url(variant.file)} ${variant.width}w`)
      .join(', ');

  const fallbackFormat = FALLBACK.find((format) => byFormat(format).length > 0);
  if (!fallbackFormat) throw new Error(`internal: ${image.source} has no JPEG or PNG variant to fall back to`);
  const fallbacks = byFormat(fallbackFormat);
  return {
    width: image.width,
    height: image.height,
    placeholderColor: image.placeholderColor,
    sources: MODERN.filter((format) => byFormat(format).length > 0).map((format) => ({ type: MIME[format], srcset: srcset(format) })),
    // src is for browsers without srcset; they get the largest, matching width/height.
    fallback: { src: url(fallbacks[fallbacks.length - 1]!.file), srcset: srcset(fallbackFormat) },
  };
}

/**
 * '/guardian/assets/img/' + 'K500_navy-3f9a1c2b-640.avif'. The name is percent-encoded in case
 * a caller's names are not already URL-safe: a raw space or comma would split a srcset entry.
 */
function joinUrl(prefix: string, file: string): string {
  const name = encodeURIComponent(file);
  if (prefix === '' || prefix.endsWith('/')) return `${prefix}${name}`;
  return `${prefix}/${name}`;
}
