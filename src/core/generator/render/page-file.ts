import { compressFiles } from '../shared/compress-files.mjs';
import { compressionLevels, MIN_COMPRESS_BYTES } from '../shared/compression-levels.ts';
import { keepPage, type PageSlot } from '../reuse/page-cache.ts';
import type { WrittenFile } from '../shared/written-file.ts';

/** How a build precompresses its pages as they are written: plain data, sent to a page-rendering thread with the tenant. */
export interface PagePrecompression {
  /** Where compressed bytes are kept by the digest of their source. */
  cacheDir: string;
}

/**
 * Writes a rendered page into its slot (keepPage) and, with `precompress`, gives it its
 * compressed siblings at once, on the thread that rendered it (compress-files.mjs: linked from
 * the compression cache, or compressed, written and linked into it). Compressed later on
 * threads of their own, the pages were read back from the disk, and four busy threads shared
 * two cores: with an empty compression cache the build took 1.8 times as long as without
 * precompression (docs/performance.md, Cold builds). Answers the page, marked `compressed` when
 * its siblings are made, then the siblings written now, with their digests.
 */
export function writePage(file: string, slot: PageSlot, html: string, precompress: PagePrecompression | undefined): WrittenFile[] {
  // Encoded once, for the page and its compression alike.
  const bytes = Buffer.from(html, 'utf8');
  const page: WrittenFile = { file, ...keepPage(slot, bytes) };
  if (precompress === undefined || page.size < MIN_COMPRESS_BYTES) return [page];
  const [compressed] = compressFiles({
    cacheDir: precompress.cacheDir,
    files: [{ file: slot.target, size: page.size, sha256: page.sha256, levels: compressionLevels(file), bytes }],
  });
  const siblings = (compressed?.wrote ?? []).map(({ file: sibling, size, sha256 }) => ({ file: `${file}${sibling.slice(slot.target.length)}`, size, sha256 }));
  return [{ ...page, compressed: true }, ...siblings];
}
