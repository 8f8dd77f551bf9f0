import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stableJson } from '../stable-json.ts';
import { MANIFEST_FILE, type ManifestEntry } from './publish-site.ts';
import type { ImageRequest, PreparedImages } from './site-images.ts';

/** Where a tenant's image variants are published, relative to its folder: nothing else goes there. */
export const IMAGE_FOLDER = 'assets/img';

/**
 * A digest of the names in a tenant's image folder. Each name carries a hash of its content, so
 * equal digests mean equal folders.
 */
export function imageFolderDigest(requests: readonly ImageRequest[], prepared: PreparedImages): string {
  const names = new Set(requests.flatMap(({ source, preset }) => prepared.get(source, preset).variants.map((variant) => variant.file)));
  return createHash('sha256')
    .update(stableJson([...names].sort()))
    .digest('hex');
}

/**
 * A tenant rebuilt for an edit that left its images alone (a product's name or price, a store)
 * takes its previous image folder, moved into the new output at the swap like an unchanged
 * tenant, instead of linking every variant again and hashing each for the manifest: at catalog
 * scale about 14,000 files a tenant. Answers that folder's manifest entries, or undefined when
 * it cannot be carried (another set of images, no previous build of it, no readable manifest).
 */
export function carriedImageFolder(outDir: string, id: string, previousDigest: string | undefined, digest: string): ManifestEntry[] | undefined {
  const siteDir = path.join(outDir, id);
  if (previousDigest !== digest || !existsSync(path.join(siteDir, IMAGE_FOLDER))) return undefined;
  try {
    const manifest = JSON.parse(readFileSync(path.join(siteDir, MANIFEST_FILE), 'utf8')) as ManifestEntry[];
    return manifest.filter((entry) => entry.path.startsWith(`${IMAGE_FOLDER}/`));
  } catch {
    return undefined;
  }
}
