import path from 'node:path';
import type { ImageFormat } from './image-presets.ts';

const EXTENSIONS: Readonly<Record<ImageFormat, string>> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' };

export function formatExtension(format: ImageFormat): string {
  return EXTENSIONS[format];
}

/**
 * 'catalogs/images/K500_navy.jpg' → 'K500_navy'; 'Leith Ford & Lincoln.png' → 'Leith-Ford-Lincoln'.
 * File names end up in srcset, where a space or comma would split a URL, and on CDNs that
 * treat some characters specially; so only letters, digits, '_' and '-' are kept. Two sources
 * whose names collapse to the same stem stay apart through the content hash.
 */
export function fileStem(sourcePath: string): string {
  const base = path.basename(sourcePath, path.extname(sourcePath));
  const stem = base
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
  return stem || 'image';
}

/**
 * '<stem>-<first 8 hex of the file's sha256>-<width>.<ext>': a changed image gets a new name,
 * so published files can be cached forever, and the name still says what the file is.
 */
export function variantFileName(sourcePath: string, contentSha256: string, width: number, format: ImageFormat): string {
  return `${fileStem(sourcePath)}-${contentSha256.slice(0, 8)}-${width}.${formatExtension(format)}`;
}
