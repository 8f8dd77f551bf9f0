import { readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { HEADERS_FILE } from '../../headers-file.ts';
import { MANIFEST_FILE, ROBOTS_FILE, type ManifestEntry } from '../shared/site-manifest.ts';
import { SIBLINGS, type CompressionLevels } from '../shared/compress-files.mjs';
import { CompressionPool, sharedCompressionPool } from '../shared/compression-pool.ts';
import { compressionLevels, MIN_COMPRESS_BYTES } from '../shared/compression-levels.ts';
import { FileDigestCache, type FileDigest } from '../shared/file-digest-cache.ts';

export type { CompressionLevels } from '../shared/compress-files.mjs';

/** A compressed sibling's name (compress-files.mjs). */
const SIBLING_FILE = new RegExp(`\\.(${SIBLINGS.join('|')})$`);

/** Text types a browser accepts compressed; images are compressed already. */
const COMPRESSIBLE = /\.(html|js|css|json|svg|txt)$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0, must-revalidate';

export interface PublishOptions {
  /** Write .br siblings of text files, and .gz ones of scripts and styles (default true); `--no-precompress` turns it off. */
  precompress?: boolean;
  /** Where compressed bytes are kept by the digest of their source, so a rebuild of unchanged pages compresses nothing. */
  cacheDir?: string;
  /** Digests already known from an earlier build; by default every file is read and hashed. */
  digests?: FileDigestCache;
  /** A folder of the site whose files the build already knows: listed in the manifest as given, never read or walked. */
  known?: KnownFolder;
  /** Files not in the folder yet, moved in from the previous output at the swap (carried-pages.ts): listed as given, and in `_headers`' rules. */
  carried?: readonly ManifestEntry[];
  /**
   * Files the build wrote now, by path relative to the site folder, with the digests of the bytes
   * it wrote (keepPage): listed in the manifest as given, neither stated nor read back. A page
   * linked from the page cache is not here: its digest is known by inode (FileDigestCache).
   */
  written?: ReadonlyMap<string, FileDigest>;
  /**
   * Keep the digests of `written` files by inode for later builds (one stat each): set when the
   * pages also go into the page store, from which a later build links the same files. Without a
   * store no later build meets those files again, so nothing is kept and nothing is stated.
   */
  rememberWritten?: boolean;
  /** The threads that compress; by default the process's shared pool. */
  compression?: CompressionPool;
  /** Files of `written` whose siblings were made as they were written (the pages, render/page-file.ts): not compressed again. */
  precompressed?: ReadonlySet<string>;
}

/**
 * The image folder of a tenant: either carried from the previous output at the swap (not in the
 * folder yet; carried-images.ts) or linked now from the image cache, whose objects' sizes and
 * digests were checked when they were looked up. About 14,000 files a tenant at catalog scale:
 * walking and stating them again was most of the system calls of a build that renders every page.
 */
export interface KnownFolder {
  /** Relative to the site folder, with '/' separators: 'assets/img'. */
  folder: string;
  /** Its files, paths relative to the site folder, as the manifest lists them. */
  files: readonly ManifestEntry[];
}

/**
 * Makes a built site folder ready for the CDN: `_headers`, `robots.txt`, precompressed
 * siblings, then `manifest.json` listing everything else; answers the manifest's entries.
 * Compression runs on threads of its own (compression-pool.ts), so the build's own thread stays
 * free to render the next tenant.
 */
export async function publishSite(
  siteDir: string,
  {
    precompress = true,
    cacheDir,
    digests = new FileDigestCache(),
    known,
    carried = [],
    written,
    rememberWritten,
    compression = sharedCompressionPool,
    precompressed,
  }: PublishOptions = {},
): Promise<ManifestEntry[]> {
  // Still walked although most files were written: a file the build wrote without saying so is listed all the same.
  const before = listFiles(siteDir, known?.folder);
  // The siblings compressed now join what was written: digests this build took from the bytes themselves.
  const fresh = new Map(written);
  const recordSibling = (sibling: string) => {
    const digest = fresh.get(sibling);
    // Linked into the compression cache: a later build links the same file and knows it by inode.
    if (digest) digests.record(path.join(siteDir, sibling), digest);
  };
  // Without the pages' siblings made as they were written: a sibling is served for its page's path, under its page's rule.
  await writeFile(path.join(siteDir, HEADERS_FILE), headersFile([...before, ...carried.map((entry) => entry.path)].filter((file) => !SIBLING_FILE.test(file))));
  // Storefronts are for a dealer's own customers, reached from the entry screen, not from search engines.
  await writeFile(path.join(siteDir, ROBOTS_FILE), 'User-agent: *\nDisallow: /\n');
  // Everything in the folder now: what the walk found and what this step adds, so the folder is not walked again.
  const after = new Set([...before, HEADERS_FILE, ROBOTS_FILE]);
  if (precompress) {
    if (cacheDir) await mkdir(cacheDir, { recursive: true });
    // Siblings made as their pages were written are in the folder already, so in the walk's list; a new one's bytes join the cache's digests.
    if (cacheDir) for (const file of precompressed ?? []) for (const extension of SIBLINGS) recordSibling(`${file}.${extension}`);
    const sources = [...after]
      .filter((file) => COMPRESSIBLE.test(file) && !precompressed?.has(file))
      // The digest known as written or by inode (a page linked from the page cache, the bundle) saves the thread reading the file.
      .map((file) => ({ relative: file, levels: compressionLevels(file), ...(fresh.get(file) ?? digests.peek(path.join(siteDir, file))) }))
      .filter(({ size }) => size >= MIN_COMPRESS_BYTES);
    const files = sources.map(({ relative, ...source }) => ({ file: path.join(siteDir, relative), ...source }));
    // Answered in the order sent. What the threads hashed, the manifest below does not read again.
    (await compression.compress({ cacheDir, files })).forEach(({ file, source, wrote }, index) => {
      const { relative } = sources[index] as (typeof sources)[number];
      if (source) digests.record(file, source);
      for (const sibling of wrote) {
        fresh.set(`${relative}${sibling.file.slice(file.length)}`, { size: sibling.size, sha256: sibling.sha256 });
        // Linked into the compression cache: a later build links the same file and knows it by inode.
        if (cacheDir) digests.record(sibling.file, sibling);
      }
    });
    // Each file sent gets its siblings (compress-files.mjs), written now or linked from the cache.
    for (const { relative, levels } of sources) for (const extension of SIBLINGS) if (levels[extension] !== undefined) after.add(`${relative}.${extension}`);
  }
  // Now rather than as they were written: a digest taken too soon after the write is not kept (FileDigestCache's racy rule).
  if (rememberWritten) for (const [file, digest] of written ?? []) digests.record(path.join(siteDir, file), digest);
  const listed = [...after].filter((file) => file !== MANIFEST_FILE);
  const manifest = [...(await digestedEntries(siteDir, listed, digests, fresh)), ...(known?.files ?? []), ...carried].sort((a, b) => byPath(a.path, b.path));
  await writeFile(path.join(siteDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 1)}\n`);
  return manifest;
}

/**
 * The response headers of a site folder, in the `_headers` format of Netlify and Cloudflare
 * Pages. Paths are relative to the folder's own root: published at the root of its host they
 * apply as written; a folder published under /<prefix>/ of a shared host needs its rules
 * prefixed by the deploy (the local server applies them relative to each mount's prefix).
 *
 * When several rules set the same header both CDNs join the values, so Cache-Control is set
 * by exactly one rule per path: immutable under /assets/ (every name there carries a content
 * hash), must-revalidate on each other top-level entry (the pages' folders, the 404 page,
 * robots.txt, the manifest). Cloudflare allows 100 rules; a site has about a dozen entries.
 */
export function headersFile(files: readonly string[]): string {
  const topLevel = [...new Set(files.map((file) => file.split('/')[0] ?? file))].filter((entry) => entry !== 'assets' && entry !== HEADERS_FILE).sort();
  const isFolder = (entry: string) => files.some((file) => file.startsWith(`${entry}/`));
  const revalidated = [
    '/',
    ...[...topLevel, ROBOTS_FILE, MANIFEST_FILE]
      .filter((entry, index, all) => all.indexOf(entry) === index)
      .map((entry) => (isFolder(entry) ? `/${entry}/*` : `/${entry}`)),
  ];
  return [
    '# Response headers (Netlify / Cloudflare Pages). Paths are relative to this folder: prefix them',
    '# when the folder is published under /<route-prefix>/ of a shared host.',
    '/*',
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: no-referrer',
    '  X-Frame-Options: DENY',
    // The pages' meta CSP cannot say this; browsers enforce both policies.
    "  Content-Security-Policy: frame-ancestors 'none'",
    '/assets/*',
    `  Cache-Control: ${IMMUTABLE}`,
    ...revalidated.flatMap((rule) => [rule, `  Cache-Control: ${REVALIDATE}`]),
    '',
  ].join('\n');
}

/** Every file of the folder but the manifest itself (and those under `skip`), sorted by path, with size and sha256. */
export async function manifestOf(siteDir: string, digests = new FileDigestCache(), skip?: string): Promise<ManifestEntry[]> {
  return digestedEntries(
    siteDir,
    listFiles(siteDir, skip).filter((file) => file !== MANIFEST_FILE),
    digests,
  );
}

/** The files' manifest entries, in their order: those in `written` as given there, the others looked up by inode or read. */
async function digestedEntries(
  siteDir: string,
  files: readonly string[],
  digests: FileDigestCache,
  written: ReadonlyMap<string, FileDigest> = new Map(),
): Promise<ManifestEntry[]> {
  const entries: ManifestEntry[] = new Array(files.length);
  const toDigest: { file: string; index: number }[] = [];
  files.forEach((file, index) => {
    const digest = written.get(file);
    if (digest) entries[index] = { path: file, size: digest.size, sha256: digest.sha256 };
    else toDigest.push({ file, index });
  });
  // A few files at a time: a 600-product catalog gives tens of thousands of files per site, and
  // opening them all at once runs out of file descriptors (EMFILE).
  await inBatches(toDigest, availableParallelism() * 4, async ({ file, index }) => {
    entries[index] = { path: file, ...(await digests.digest(path.join(siteDir, file))) };
  });
  return entries;
}

/**
 * Relative paths with '/' separators, sorted (code unit order, the same on every machine); the
 * folder `skip` is not entered. Synchronous: some 600 folders a catalog-scale site, each one
 * system call, were twice the CPU time as promises on libuv's threads.
 */
function listFiles(dir: string, skip?: string): string[] {
  const files: string[] = [];
  const walk = (relative: string): void => {
    for (const entry of readdirSync(relative === '' ? dir : path.join(dir, relative), { withFileTypes: true })) {
      const file = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (file !== skip) walk(file);
      } else if (entry.isFile()) files.push(file);
    }
  };
  walk('');
  return files.sort(byPath);
}

/** Code unit order, the same on every machine. */
function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

async function inBatches<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
