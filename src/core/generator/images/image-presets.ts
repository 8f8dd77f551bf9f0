import type { AvifOptions, JpegOptions, PngOptions, WebpOptions } from 'sharp';

/** What an image is for; each kind gets its own widths and encoder settings. */
export type ImagePreset = 'product' | 'logo' | 'banner';

export const IMAGE_PRESETS: readonly ImagePreset[] = ['product', 'logo', 'banner'];

export type ImageFormat = 'avif' | 'webp' | 'jpeg' | 'png';

/**
 * How one output format is encoded. `fromFallback` encodes losslessly from the fallback's
 * already-quantised pixels instead of the resized source (used for logos, see PRESET_SETTINGS).
 */
export type FormatSettings =
  | { format: 'avif'; options: AvifOptions }
  | { format: 'webp'; options: WebpOptions; fromFallback?: boolean }
  | { format: 'jpeg'; options: JpegOptions }
  | { format: 'png'; options: PngOptions };

export interface PresetSettings {
  /** Target widths in px, ascending; clamped to the source width, never enlarged. */
  widths: readonly number[];
  /** Keep transparency. Without it the source is flattened onto white, as the JPEG fallback must be. */
  alpha: boolean;
  /** The format every browser can show (<img src>); it is encoded first. */
  fallback: FormatSettings & { format: 'jpeg' | 'png' };
  /** Offered in <source> elements, best first. */
  modern: readonly (FormatSettings & { format: 'avif' | 'webp' })[];
}

/**
 * Every value here is part of the cache key (see variant-cache.ts): changing one re-encodes
 * exactly the images of that preset on the next build. The numbers were measured on the
 * sample set (docs/performance.md, "Images"); the reasoning is in docs/decisions.md.
 */
export const PRESET_SETTINGS: Readonly<Record<ImagePreset, PresetSettings>> = {
  // Square ~1200 px photos: catalog cards (~300 CSS px) and the item page (~500 CSS px), at 1x and 2x.
  product: {
    widths: [320, 640, 960],
    alpha: false,
    fallback: { format: 'jpeg', options: { quality: 78, mozjpeg: true } },
    modern: [
      // AVIF dominates encode time: effort 2 is ~4.5x faster than the default 4 for ~8% more bytes.
      { format: 'avif', options: { quality: 50, effort: 2, chromaSubsampling: '4:2:0' } },
      { format: 'webp', options: { quality: 75, effort: 4 } },
    ],
  },
  // Flat-colour emblems (~400 px) and wordmarks (~600x200): header logo, logo strips, cart thumbnails.
  logo: {
    widths: [160, 320, 480],
    alpha: true,
    // Palette quantisation (libimagequant) suits flat logos: smaller than truecolour PNG by ~3x.
    fallback: { format: 'png', options: { palette: true, quality: 90, effort: 7, compressionLevel: 9 } },
    modern: [
      // 4:4:4 keeps coloured edges of small lettering crisp.
      { format: 'avif', options: { quality: 60, effort: 2, chromaSubsampling: '4:4:4' } },
      // Lossy WebP came out larger than the palette PNG on logos; lossless WebP of the same
      // quantised pixels is 10-20% smaller than it and shows exactly the same image.
      { format: 'webp', options: { lossless: true, effort: 4 }, fromFallback: true },
    ],
  },
  // The entry screen's 1600x500 header: full-bleed on anything from a phone to a wide desktop.
  banner: {
    widths: [640, 960, 1280, 1600],
    alpha: false,
    fallback: { format: 'jpeg', options: { quality: 78, mozjpeg: true } },
    modern: [
      { format: 'avif', options: { quality: 50, effort: 3, chromaSubsampling: '4:2:0' } },
      { format: 'webp', options: { quality: 75, effort: 4 } },
    ],
  },
};

export function isImagePreset(value: unknown): value is ImagePreset {
  return typeof value === 'string' && (IMAGE_PRESETS as readonly string[]).includes(value);
}

/**
 * The widths to encode for a source `sourceWidth` px wide: the preset's widths, each clamped
 * to the source so nothing is enlarged (a 700 px source gives 320, 640, 700), without repeats.
 */
export function variantWidths(preset: PresetSettings, sourceWidth: number): number[] {
  const widths = preset.widths.map((width) => Math.min(width, sourceWidth));
  return [...new Set(widths)].sort((a, b) => a - b);
}
