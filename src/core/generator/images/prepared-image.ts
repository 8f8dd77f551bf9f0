import type { ImageFormat } from './image-presets.ts';

export interface ImageVariantFile {
  /** Published file name, content-hashed so a CDN may cache it forever: 'K500_navy-3f9a1c2b-640.avif'. */
  file: string;
  width: number;
  format: ImageFormat;
}

/** One source image, encoded: what pages need to reference it and what to publish. */
export interface PreparedImage {
  /** Absolute source path. */
  source: string;
  /** Intrinsic size of the largest variant, for the width/height attributes. */
  width: number;
  height: number;
  /** Average colour ('#d8dde3') shown, pulsing, until the image has loaded. */
  placeholderColor: string;
  /** Every file to publish. */
  variants: ImageVariantFile[];
}
