import { createHash } from 'node:crypto';
import { existsSync, linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FileDigest } from './file-digest-cache.ts';

/** How hard each encoder works on a file: brotli quality (0–11) and gzip level (1–9). */
export interface CompressionLevels {
  br: number;
  gz: number;
}

export const SIBLINGS = ['br', 'gz'] as const;

/** Files of one site to give `.br` and `.gz` siblings, as plain data a worker thread can be sent. */
export interface CompressTask {
  /** Where compressed bytes are kept by the digest of their source; without it the siblings are written as they are. */
  cacheDir?: string;
  files: { file: string; size: number; levels: CompressionLevels; /** When the build knows it already (by inode). */ sha256?: string }[];
}

export interface CompressedFile {
  file: string;
  /** The source's digest, when this task read the file to take it. */
  source?: FileDigest;
  /** Files this task wrote, with their digests: the manifest lists them (or their links) without reading them back. */
  wrote: (FileDigest & { file: string })[];
}

/**
 * Gives each file its `.br` and `.gz` siblings, synchronously: this runs on a thread of its own
 * (compression-pool.ts), so blocking calls cost the build's own thread nothing. With a cache,
 * a sibling whose compressed bytes are already there is a hard link to them; a new one is
 * written into the site and then linked into the cache, so a cache object is always whole.
 */
export function compressFiles({ cacheDir, files }: CompressTask): CompressedFile[] {
  return files.map(({ file, size, levels, sha256: known }) => {
    let source: Buffer | undefined;
    // Read once, whether for the digest, the encoders or both; not at all when every sibling is cached.
    const read = () => (source ??= readFileSync(file));
    const sha256 = known ?? hash(read());
    const wrote: CompressedFile['wrote'] = [];
    for (const extension of SIBLINGS) {
      const sibling = `${file}.${extension}`;
      // The level is part of the name: the same content compressed at another level is another object.
      const cached = cacheDir === undefined ? undefined : path.join(cacheDir, `${sha256}.${extension}${levels[extension]}`);
      if (cached !== undefined && existsSync(cached)) {
        replaceWithLink(cached, sibling);
        continue;
      }
      const bytes = encode(extension, read(), levels);
      writeNew(sibling, bytes);
      wrote.push({ file: sibling, size: bytes.length, sha256: hash(bytes) });
      if (cached !== undefined) linkIntoCache(sibling, cached);
    }
    return { file, source: known === undefined ? { size, sha256 } : undefined, wrote };
  });
}

function encode(extension: (typeof SIBLINGS)[number], bytes: Buffer, levels: CompressionLevels): Buffer {
  if (extension === 'gz') return gzipSync(bytes, { level: levels.gz });
  return brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: levels.br, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
}

function hash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * A new file, never written through an existing name: the name may be a link to a cache object
 * (a folder published twice), whose bytes other sites share.
 */
function writeNew(file: string, bytes: Buffer): void {
  try {
    writeFileSync(file, bytes, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    rmSync(file);
    writeFileSync(file, bytes, { flag: 'wx' });
  }
}

function replaceWithLink(existing: string, target: string): void {
  try {
    linkSync(existing, target);
  } catch (error) {
    // A folder published twice: its previous copy goes.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    rmSync(target, { force: true });
    linkSync(existing, target);
  }
}

/** Another build may have made the same object meanwhile: same name, same bytes, so either copy will do. */
function linkIntoCache(written: string, cached: string): void {
  try {
    linkSync(written, cached);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
