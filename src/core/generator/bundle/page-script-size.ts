import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';

/**
 * The JavaScript a built page makes the browser fetch, brotli-compressed as a CDN would serve
 * it: its module scripts, their preloaded chunks and any inline script. PayPal's own script
 * is not counted (it is not ours and is loaded only when paying is possible). The budget test
 * and `npm run report:js` both measure with this.
 */
export function pageScriptBytes(siteDir: string, base: string, pageFile: string): number {
  const { files, inline } = pageScripts(siteDir, base, pageFile);
  return files.reduce((sum, file) => sum + brotliCompressSync(readFileSync(path.join(siteDir, file))).length, brotliCompressSync(inline).length);
}

/** The script files a page loads (relative to the site folder) and its inline scripts' text. */
export function pageScripts(siteDir: string, base: string, pageFile: string): { files: string[]; inline: string } {
  const html = readFileSync(path.join(siteDir, pageFile), 'utf8');
  const escapedBase = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const linked = new RegExp(`<(?:script type="module" src|link rel="modulepreload" href)="${escapedBase}([^"]+)"`, 'g');
  const files = [...html.matchAll(linked)].map((match) => match[1] ?? '');
  const inline = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1] ?? '').join('');
  return { files, inline };
}
