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
  const { sources, fallback, largest } = layoutOf(image);
  const prefix = urlPrefix === '' || urlPrefix.endsWith('/') ? urlPrefix : `${urlPrefix}/`;
  const srcset = (entries: readonly SrcsetEntry[]) => entries.map(({ name, width }) => `${prefix}${name} ${width}w`).join(', ');
  return {
    width: image.width,
    height: image.height,
    placeholderColor: image.placeholderColor,
    sources: sources.map(({ type, entries }) => ({ type, srcset: srcset(entries) })),
    // src is for browsers without srcset; they get the largest, matching width/height.
    fallback: { src: `${prefix}${largest}`, srcset: srcset(fallback) },
  };
}

interface SrcsetEntry {
  /**
   * 'K500_navy-3f9a1c2b-640.avif', percent-encoded in case a caller's names are not already
   * URL-safe: a raw space or comma would split a srcset entry.
   */
  name: string;
  width: number;
}

/** An image's srcsets without their URL prefix. */
interface PictureLayout {
  sources: { type: string; entries: SrcsetEntry[] }[];
  fallback: SrcsetEntry[];
  largest: string;
}

/**
 * Worked out once per image: each tenant publishes the same pictures under a prefix of its own,
 * and sorting and encoding the names again for each of them was a measurable part of a cold build.
 */
function layoutOf(image: PreparedImage): PictureLayout {
  let layout = layouts.get(image);
  if (layout) return layout;
  const byFormat = (format: ImageFormat) =>
    image.variants
      .filter((variant) => variant.format === format)
      .sort((a, b) => a.width - b.width)
      .map((variant) => ({ name: encodeURIComponent(variant.file), width: variant.width }));
  const fallbackFormat = FALLBACK.find((format) => byFormat(format).length > 0);
  if (!fallbackFormat) throw new Error(`internal: ${image.source} has no JPEG or PNG variant to fall back to`);
  const fallback = byFormat(fallbackFormat);
  layout = {
    sources: MODERN.map((format) => ({ type: MIME[format], entries: byFormat(format) })).filter(({ entries }) => entries.length > 0),
    fallback,
    largest: fallback[fallback.length - 1]!.name,
  };
  layouts.set(image, layout);
  return layout;
}
const layouts = new WeakMap<PreparedImage, PictureLayout>();
