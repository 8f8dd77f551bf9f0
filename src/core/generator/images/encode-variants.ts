import sharp, { type Sharp } from 'sharp';
import type { FormatSettings, ImageFormat, PresetSettings } from './image-presets.ts';
import { variantWidths } from './image-presets.ts';
import { placeholderColor } from './placeholder-color.ts';

export interface EncodedVariant {
  format: ImageFormat;
  width: number;
  height: number;
  data: Buffer;
}

export interface EncodedImage {
  placeholderColor: string;
  /** Per width, the fallback first, then the modern formats that are worth publishing. */
  variants: EncodedVariant[];
}

/**
 * The source could not be decoded. Kept apart from other failures because only this one is
 * the data's fault: the pipeline turns it into an ImageSourceError naming the file asked for
 * (the same bytes may be asked for under several names).
 */
export class SourceDecodeError extends Error {
  override name = 'SourceDecodeError';
}

interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

/**
 * Encodes one source into every width and format of its preset.
 *
 * The source is decoded once into raw pixels (rather than once per variant), resized once per
 * width, and each format is encoded from the same resized pixels, so all formats of a width
 * show the same picture.
 */
export async function encodeVariants(source: Buffer, settings: PresetSettings): Promise<EncodedImage> {
  const decoded = await decode(source, settings.alpha);
  const variants: EncodedVariant[] = [];
  for (const width of variantWidths(settings, decoded.width)) {
    const resized = width === decoded.width ? decoded : await resize(decoded, width);
    const fallback = await encode(fromRaw(resized), settings.fallback);
    variants.push({ format: settings.fallback.format, width, height: resized.height, data: fallback });
    for (const modern of settings.modern) {
      const input = modern.format === 'webp' && modern.fromFallback ? sharp(fallback) : fromRaw(resized);
      variants.push({ format: modern.format, width, height: resized.height, data: await encode(input, modern) });
    }
  }
  return { placeholderColor: await averageColor(decoded), variants: withoutLargerModernFormats(variants, settings) };
}

/**
 * A <source> is only worth offering if it saves bytes: browsers take the first type they
 * support, so a modern format that came out larger than what would be served without it
 * would make every modern browser download more. This happens with flat-colour logos, where
 * lossy AVIF loses to lossless WebP of the palette image. Compared per image over all widths,
 * so each srcset stays complete.
 */
function withoutLargerModernFormats(variants: readonly EncodedVariant[], settings: PresetSettings): EncodedVariant[] {
  const total = (format: ImageFormat) => variants.filter((variant) => variant.format === format).reduce((sum, variant) => sum + variant.data.length, 0);
  const kept = new Set<ImageFormat>([settings.fallback.format]);
  let smallestAfter = total(settings.fallback.format);
  // From the least to the most preferred: each must beat everything that would otherwise be served.
  for (const { format } of [...settings.modern].reverse()) {
    const bytes = total(format);
    if (bytes < smallestAfter) {
      kept.add(format);
      smallestAfter = bytes;
    }
  }
  return variants.filter((variant) => kept.has(variant.format));
}

async function decode(source: Buffer, keepAlpha: boolean): Promise<RawImage> {
  try {
    // failOn 'warning': a truncated or damaged file is refused rather than published with a
    // grey band where the missing data was. autoOrient: phone photos carry EXIF rotation.
    let image = sharp(source, { failOn: 'warning', autoOrient: true }).toColourspace('srgb');
    if (!keepAlpha) image = image.flatten({ background: '#ffffff' });
    const { data, info } = await image.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    if (info.channels !== 3 && info.channels !== 4) throw new Error(`decoded to ${info.channels} channels, expected 3 or 4`);
    return { data, width: info.width, height: info.height, channels: info.channels };
  } catch (error) {
    throw new SourceDecodeError(error instanceof Error ? error.message : String(error));
  }
}

function fromRaw(image: RawImage): Sharp {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
}

async function resize(image: RawImage, width: number): Promise<RawImage> {
  const { data, info } = await fromRaw(image).resize({ width }).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: image.channels };
}

function encode(image: Sharp, settings: FormatSettings): Promise<Buffer> {
  switch (settings.format) {
    case 'avif':
      return image.avif(settings.options).toBuffer();
    case 'webp':
      return image.webp(settings.options).toBuffer();
    case 'jpeg':
      return image.jpeg(settings.options).toBuffer();
    case 'png':
      return image.png(settings.options).toBuffer();
  }
}

/** Averaging a 32 px thumbnail gives the same colour as the full image for a fraction of the work. */
async function averageColor(image: RawImage): Promise<string> {
  const { data, info } = await fromRaw(image).resize({ width: 32, height: 32, fit: 'inside' }).raw().toBuffer({ resolveWithObject: true });
  return placeholderColor(data, info.channels);
}
