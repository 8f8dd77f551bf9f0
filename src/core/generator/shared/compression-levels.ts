import type { CompressionLevels } from './compress-files.mjs';

/**
 * Below about a kilobyte compression saves less than a packet and CDNs do not bother either
 * (Cloudflare's threshold is similar), so those files are served as they are.
 */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * Scripts and styles: the client bundle, the same bytes for every tenant and every data change,
 * so compressed once per code change and downloaded on every buyer's first page. Worth brotli's
 * slowest, densest setting.
 */
export const CODE_LEVELS: CompressionLevels = { br: 11, gz: 9 };
/**
 * Pages and the catalog price and search files: made from the data, so a catalog-wide price
 * change gives thousands of new ones. Brotli 5 compresses them about 40 times faster than 11 for
 * about 12 % more bytes of HTML (under 5 % of what a page view downloads with its scripts and
 * styles); qualities 6 to 9 cost more time for no fewer bytes, and only 10 and 11 (optimal
 * parsing) gain, at 10 to 40 times the time. No gzip copy: every browser a dealership's staff
 * use accepts brotli, and a host without brotli compresses a page on the fly (nginx `gzip on`,
 * docs/publishing.md); a `.gz` of every page was a third of a cold build's compression time and
 * a file per page (docs/performance.md, Cold builds at catalog scale).
 */
export const DATA_LEVELS: CompressionLevels = { br: 5 };

/**
 * Item pages: most of a catalog's pages (600 of about 610 a tenant), each shown with the item
 * island's 75 KB of scripts. Brotli 1 takes under half of brotli 3's time on them (48 against
 * 109 ms of CPU for a tenant's 587 item pages) for 8 % more bytes of their HTML, about 0.3 KB:
 * under 1 % of an item page's first view. A build with an empty compression cache compresses
 * every one of them, and that was most of its brotli time (docs/performance.md, Compression by
 * kind). The other pages' first views are mostly their own HTML, and keep brotli 5.
 */
export const ITEM_PAGE_LEVELS: CompressionLevels = { br: 1 };

/** The levels a site file is compressed with, by its path relative to the site folder: code, an item page or other data (see the constants). */
export function compressionLevels(file: string): CompressionLevels {
  if (/\.(js|css)$/.test(file)) return CODE_LEVELS;
  return /^item\/[^/]+\/index\.html$/.test(file) ? ITEM_PAGE_LEVELS : DATA_LEVELS;
}
