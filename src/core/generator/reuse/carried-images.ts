import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { RACY_MS, type FileDigestCache } from '../shared/file-digest-cache.ts';
import type { ManifestEntry } from '../shared/site-manifest.ts';
import type { PreparedImage } from '../images/prepared-image.ts';
import type { ImageRequest, PreparedImages } from '../images/site-images.ts';

/** Where a tenant's image variants are published, relative to its folder: nothing else goes there. */
export const IMAGE_FOLDER = 'assets/img';

/**
 * A digest of a tenant's image folder: of each image it shows, its source, preset and the names of
 * its variant files. Each name carries a hash of its content, so equal digests mean equal folders
 * (two folders of the same names may still differ in digest when their images do: not carried, a
 * clean relink).
 */
export function imageFolderDigest(requests: readonly ImageRequest[], prepared: PreparedImages): string {
  // Each image's part is written once a build and shared by the tenants showing it; a tenant's parts,
  // a few thousand, are sorted and hashed, not its 14,000 names.
  const parts = requests.map(({ source, preset }) => partOf(prepared.get(source, preset), preset));
  parts.sort();
  const unique = parts.filter((part, index) => index === 0 || part !== parts[index - 1]);
  return createHash('sha256').update(unique.join('\n')).digest('hex');
}

function partOf(image: PreparedImage, preset: string): string {
  let byPreset = imageParts.get(image);
  if (!byPreset) imageParts.set(image, (byPreset = new Map()));
  let part = byPreset.get(preset);
  if (part === undefined) byPreset.set(preset, (part = JSON.stringify([image.source, preset, image.variants.map((variant) => variant.file)])));
  return part;
}
const imageParts = new WeakMap<PreparedImage, Map<string, string>>();

/**
 * What a published image folder is, in one stat: its inode and modification time (which change
 * when a file in it is added, removed or replaced, not when one is moved over whole at the swap),
 * and the image cache whose objects its files are hard links to. Undefined when it cannot vouch
 * for the files: no folder, the folder on another file system than the cache (its files are
 * copies, whose bytes only a read can check), or a modification time too recent to tell a later
 * change from it (within the file system's timestamp granularity: git's "racily clean" rule; the
 * next build records it).
 */
export function imageFolderStamp(folder: string, imageCache: string): string | undefined {
  const found = statSync(folder, { bigint: true, throwIfNoEntry: false });
  const cache = statSync(imageCache, { bigint: true, throwIfNoEntry: false });
  if (!found?.isDirectory() || !cache || found.dev !== cache.dev) return undefined;
  if (Date.now() - Number(found.mtimeMs) < RACY_MS) return undefined;
  return `${path.resolve(imageCache)}:${found.dev}:${found.ino}:${found.mtimeNs}`;
}

/**
 * A tenant rebuilt for an edit that left its images alone (a product's name or price, a store)
 * takes its previous image folder, moved into the new output at the swap like an unchanged
 * tenant, instead of linking every variant again and hashing each for the manifest: at catalog
 * scale about 14,000 files a tenant. Answers that folder's manifest entries, or undefined when
 * it cannot be carried (another set of images, no previous build of it, no readable manifest (`manifest` undefined), or
 * a file in it that is not what the manifest says: written into through a hard link, say, which
 * a clean build would not publish).
 *
 * A folder whose stamp (imageFolderStamp) is the one the previous build recorded is taken without
 * a stat a file: its names are the ones that build published, each a hard link to a cache object
 * that the image pipeline checked this build (variant-cache.ts), so a file written into through
 * its link made that object a miss, encoded again, and the folder is not offered (reuse-plan.ts).
 */
export async function carriedImageFolder(
  outDir: string,
  id: string,
  previousDigest: string | undefined,
  digest: string,
  digests: FileDigestCache,
  manifest: readonly ManifestEntry[] | undefined,
  stamps?: { previous: string | undefined; imageCache: string },
): Promise<ManifestEntry[] | undefined> {
  const siteDir = path.join(outDir, id);
  const folder = path.join(siteDir, IMAGE_FOLDER);
  if (previousDigest !== digest || !existsSync(folder) || !manifest) return undefined;
  const entries = manifest.filter((entry) => entry.path.startsWith(`${IMAGE_FOLDER}/`));
  if (stamps?.previous !== undefined && imageFolderStamp(folder, stamps.imageCache) === stamps.previous) return entries;
  // Checked as the manifest will claim: the same names, and each file's size and sha256 (known by inode while unchanged: a stat each).
  if (readdirSync(folder).length !== entries.length) return undefined;
  for (const entry of entries) {
    const found = await digests.digest(path.join(siteDir, entry.path)).catch(() => undefined);
    if (!found || found.size !== entry.size || found.sha256 !== entry.sha256) return undefined;
  }
  return entries;
}
