import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Manifest } from 'vite';
import type { ClientAssets, ClientEntry } from './client-assets.ts';
import { compressFiles, type FileDigest } from '../shared/compress-files.mjs';
import { compressionLevels, MIN_COMPRESS_BYTES } from '../shared/compression-levels.ts';

/** Each browser entry's source; `npm run dev` serves these as Vite dev modules. */
export const ENTRIES: Record<ClientEntry, string> = {
  'every-page': 'src/runtime/client/every-page.ts',
  item: 'src/runtime/client/item.tsx',
  stores: 'src/runtime/client/stores.ts',
  entry: 'src/runtime/client/entry.ts',
  checkout: 'src/runtime/client/checkout.tsx',
  success: 'src/runtime/client/success.tsx',
  orders: 'src/runtime/client/orders.tsx',
  'order-status': 'src/runtime/client/order-status.tsx',
  search: 'src/runtime/client/search.ts',
  desk: 'src/runtime/client/desk.tsx',
};
export const STYLESHEET = 'src/styles/storefront.css';

/** Every file of the bundle a site publishes, with its size and sha256, and which have compressed siblings made with the bundle. */
export const PUBLISHED_FILE = 'published.json';
const BUNDLE_LAYOUT = 2;

export type PublishedBundle = Record<string, FileDigest & { compressed?: true }>;

/**
 * Gives the bundle's scripts and styles their `.br` and `.gz` siblings once, as the bundle is made
 * (brotli 11 and gzip 9, CODE_LEVELS), and lists every file with its digest in PUBLISHED_FILE:
 * every site copies the same siblings, so a build whose compression cache is empty compresses the
 * bundle's 400 KB at brotli's slowest setting once per bundle, not once or more per build.
 */
function precompressBundle(dir: string): void {
  const published: PublishedBundle = {};
  for (const file of readAssets(dir).files) {
    const full = path.join(dir, file);
    const bytes = readFileSync(full);
    const digest = { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    if (!/\.(js|css)$/.test(file) || bytes.length < MIN_COMPRESS_BYTES) {
      published[file] = digest;
      continue;
    }
    const [compressed] = compressFiles({ files: [{ file: full, ...digest, levels: compressionLevels(file) }] });
    published[file] = { ...digest, compressed: true };
    for (const { file: sibling, size, sha256 } of compressed?.wrote ?? []) published[`${file}${sibling.slice(full.length)}`] = { size, sha256 };
  }
  writeFileSync(path.join(dir, PUBLISHED_FILE), `${JSON.stringify(published, null, 1)}\n`);
}

/**
 * The bundles depend only on the code, never on the data, so they are cached by a digest of
 * src/ and the lockfile: a build after a data-only change bundles nothing.
 */
export async function bundleClientCached(repoRoot: string): Promise<{ assets: ClientAssets; dir: string; cached: boolean }> {
  const dir = path.join(repoRoot, '.cache', 'client', sourceDigest(repoRoot));
  const cached = existsSync(path.join(dir, 'manifest.json'));
  if (!cached) {
    mkdirSync(path.dirname(dir), { recursive: true });
    const staging = mkdtempSync(`${dir}-tmp-`);
    try {
      await bundleClient(repoRoot, staging);
      precompressBundle(staging);
      if (!existsSync(dir)) renameSync(staging, dir);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  return { assets: readAssets(dir), dir, cached };
}

function sourceDigest(repoRoot: string): string {
  // The folder's layout is part of the key: one made before PUBLISHED_FILE existed is not taken for one with it.
  const hash = createHash('sha256').update(`layout ${BUNDLE_LAYOUT}\0`);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (!/\.test\.tsx?$/.test(entry)) hash.update(`${path.relative(repoRoot, full)}\0`).update(readFileSync(full));
    }
  };
  walk(path.join(repoRoot, 'src'));
  hash.update(readFileSync(path.join(repoRoot, 'package-lock.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Bundles the islands' browser code and the stylesheet. The bundles hold no
 * tenant data (that travels in each page's HTML), so every tenant publishes the same files.
 */
async function bundleClient(repoRoot: string, outDir: string): Promise<void> {
  // Vite lets an inherited NODE_ENV (vitest sets 'test') override the mode, which bundles
  // React's development build and development JSX; the cache key does not include the
  // environment, so the bundles are always production ones.
  const inherited = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await bundleClientProduction(repoRoot, outDir);
  } finally {
    if (inherited === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = inherited;
  }
}

async function bundleClientProduction(repoRoot: string, outDir: string): Promise<void> {
  // Loaded here, not at the top: importing Vite takes over a second, and a build whose bundle
  // is cached (most of them) never needs it.
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: repoRoot,
    base: './',
    logLevel: 'warn',
    mode: 'production',
    build: {
      outDir,
      emptyOutDir: true,
      assetsDir: '',
      manifest: 'manifest.json',
      target: 'es2022',
      modulePreload: { polyfill: false },
      rollupOptions: { input: [...Object.values(ENTRIES), STYLESHEET] },
    },
  });
}

function readAssets(outDir: string): ClientAssets {
  const manifest = JSON.parse(readFileSync(path.join(outDir, 'manifest.json'), 'utf8')) as Manifest;
  const chunk = (key: string) => {
    const found = manifest[key];
    if (!found) throw new Error(`internal: ${key} is missing from the client manifest`);
    return found;
  };
  const importsOf = (key: string, seen = new Set<string>()): string[] => {
    for (const imported of chunk(key).imports ?? []) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      importsOf(imported, seen);
    }
    return [...seen].map((imported) => chunk(imported).file);
  };
  const entries = Object.fromEntries(
    Object.entries(ENTRIES).map(([name, source]) => [name, { file: chunk(source).file, imports: importsOf(source) }]),
  ) as ClientAssets['entries'];
  const files = [...new Set(Object.values(manifest).flatMap((item) => [item.file, ...(item.css ?? [])]))];
  return { stylesheet: chunk(STYLESHEET).file, entries, files };
}
