// What a buyer downloads, compressed as served: a page's HTML and the scripts, styles and catalog
// price file it loads, each as its .br sibling (what nginx and `npm start` send a browser that
// accepts brotli; a file without one is sent as it is), against the same files all at brotli 11,
// the one level every file was compressed with before levels were chosen by kind
// (src/core/generator/shared/compression-levels.ts). Images are left out: they are not
// recompressed, so leaving them out only makes the growth look larger.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { pageScripts } from '../../src/core/generator/bundle/page-script-size.ts';
import { MIN_COMPRESS_BYTES } from '../../src/core/generator/shared/compression-levels.ts';

export interface ServedBytes {
  /** As published: the .br siblings, or the file itself below the compression threshold. */
  published: number;
  /** The same files all at brotli 11. */
  brotli11: number;
}

/** One file as a browser that accepts brotli receives it, published and at brotli 11. */
export function servedFile(file: string): ServedBytes {
  const size = statSync(file).size;
  if (size < MIN_COMPRESS_BYTES) return { published: size, brotli11: size };
  const sibling = `${file}.br`;
  if (!existsSync(sibling)) throw new Error(`${file} has no .br sibling: build without --no-precompress`);
  const bytes = readFileSync(file);
  const brotli11 = brotliCompressSync(bytes, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: size },
  }).length;
  return { published: statSync(sibling).size, brotli11 };
}

/** A first view of `pageFile` (relative to `siteDir`): its HTML and every script, style and price file it loads. */
export function pageView(siteDir: string, base: string, pageFile: string): ServedBytes {
  const html = readFileSync(path.join(siteDir, pageFile), 'utf8');
  const escapedBase = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const styles = [...html.matchAll(new RegExp(`<link rel="stylesheet" href="${escapedBase}([^"]+)"`, 'g'))].map((match) => match[1] ?? '');
  // The checkout and success islands fetch the tenant's catalog price file; the page carries its URL.
  const priceFiles = [...new Set([...html.matchAll(new RegExp(`${escapedBase}(assets/catalog-[0-9a-f]+\\.json)`, 'g'))].map((match) => match[1] ?? ''))];
  const files = [pageFile, ...pageScripts(siteDir, base, pageFile).files, ...styles, ...priceFiles];
  return sum(files.map((file) => servedFile(path.join(siteDir, file))));
}

/** Every page of a site: the HTML alone, the part whose level was lowered. */
export function allPagesHtml(siteDir: string): ServedBytes & { pages: number } {
  const pages = (readdirSync(siteDir, { recursive: true }) as string[]).filter((file) => file.endsWith('.html'));
  return { pages: pages.length, ...sum(pages.map((file) => servedFile(path.join(siteDir, file)))) };
}

function sum(parts: readonly ServedBytes[]): ServedBytes {
  return parts.reduce((total, part) => ({ published: total.published + part.published, brotli11: total.brotli11 + part.brotli11 }), {
    published: 0,
    brotli11: 0,
  });
}
