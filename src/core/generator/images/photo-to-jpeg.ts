import { randomUUID } from 'node:crypto';
import { link, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describeReadError, ImageSourceError } from './image-source-error.ts';
import { CANNOT_LINK } from './publish-file.ts';
import { PHOTO_MAX_SIDE, PHOTO_QUALITY } from '../../data/photo-match.ts';

export interface PhotoJpeg {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * A photo as the catalog keeps it: an 8-bit sRGB JPEG, upright (EXIF rotation applied, then
 * dropped with the rest of the metadata), transparency flattened onto white as pages show it,
 * CMYK and 16-bit sources converted. A damaged or unreadable file is refused with an
 * ImageSourceError naming it, with the strictness of the build's encoder (failOn 'warning').
 */
export async function photoToJpeg(file: string, shownAs: string = file): Promise<PhotoJpeg> {
  let source: Buffer;
  try {
    source = await readFile(file);
  } catch (error) {
    throw new ImageSourceError(shownAs, describeReadError(error));
  }
  try {
    const { data, info } = await sharp(source, { failOn: 'warning', autoOrient: true })
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: PHOTO_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch (error) {
    throw new ImageSourceError(shownAs, `not a readable image (${error instanceof Error ? error.message : String(error)})`);
  }
}

/**
 * Writes `bytes` to `file` all at once or not at all: into a temporary file beside it, then
 * moved to its name, so a killed run never leaves half a photo under a name the build reads.
 * Without `replace` an existing file is kept ('exists'), even one that appeared a moment ago:
 * the move is a hard link, which refuses an existing name, where the filesystem has them.
 */
export async function writeNewFile(file: string, bytes: Buffer, { replace }: { replace: boolean }): Promise<'written' | 'exists'> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}-${randomUUID()}.tmp`);
  await writeFile(temp, bytes, { flag: 'wx' });
  try {
    if (replace) {
      await rename(temp, file);
      return 'written';
    }
    try {
      await link(temp, file);
      return 'written';
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code === 'EEXIST') return 'exists';
      if (!CANNOT_LINK.has(code)) throw error;
    }
    // No hard links here: the existence check and the move are two steps, the best this filesystem allows.
    if (
      await stat(file).then(
        () => true,
        () => false,
      )
    )
      return 'exists';
    await rename(temp, file);
    return 'written';
  } finally {
    await rm(temp, { force: true });
  }
}
