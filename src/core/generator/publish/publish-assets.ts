import { copyFileSync, linkSync, mkdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import type { PictureData } from '../../../site/picture-data.ts';
import type { ClientAssets } from '../bundle/client-assets.ts';
import { PUBLISHED_FILE, type PublishedBundle } from '../bundle/bundle-client.ts';
import type { FileDigestCache } from '../shared/file-digest-cache.ts';
import type { WrittenFile } from '../shared/written-file.ts';
import { pictureSources, type ImagePipeline, type ImagePreset } from '../images/index.ts';
import type { PreparedImages } from '../images/site-images.ts';
import { madeFrom, sharedDigest } from '../reuse/shared-digest.ts';

/** Publishes an image prepared in the images phase (encoded once, whatever the number of tenants) into one site. */
export function publisher(images: ImagePipeline, prepared: PreparedImages, outDir: string, urlPrefix: string, { emit = true } = {}) {
  return async (source: string, preset: ImagePreset): Promise<PictureData> => {
    const image = prepared.get(source, preset);
    // Without emit, the files are already where the URLs point (an image folder carried over from the previous build).
    if (emit) await images.emit(image, outDir);
    const picture = pictureSources(image, urlPrefix);
    // Digested for the pages' keys from the image's digest, shared by the tenants showing it, and this tenant's prefix.
    madeFrom(picture, 'pictureSources', [sharedDigest(image), urlPrefix]);
    return picture;
  };
}

/** The same site's folder in the output now, whose copies of the bundle's files a build may link, and the digests that vouch for them. */
export interface PreviousAssets {
  siteDir: string;
  digests: FileDigestCache;
}

/**
 * Copies the bundle's files, and with `precompress` the compressed siblings made with it, into the
 * site's assets/ folder; answers them with their digests (paths relative to the site folder), the
 * scripts and styles then marked as compressed already. Copies, not links: a file of the bundle's
 * cache linked into a site would be changed by any hand that changes the site's copy. The site's
 * copy in the output now is linked instead when the digest cache knows it (same inode, size and
 * mtime) as the very bytes: a rebuilt tenant then costs a link a file, not a copy of its 2 MB of
 * scripts; a copy whose digest the cache cannot vouch for is never taken.
 */
export function copyClientAssets(
  client: { assets: ClientAssets; dir: string },
  siteDir: string,
  precompress: boolean,
  previous?: PreviousAssets,
): WrittenFile[] {
  const assetsDir = path.join(siteDir, 'assets');
  mkdirSync(assetsDir, { recursive: true });
  // Every bundle folder has its list: the folder's name covers its layout (bundle-client.ts, BUNDLE_LAYOUT).
  const published = JSON.parse(readFileSync(path.join(client.dir, PUBLISHED_FILE), 'utf8')) as PublishedBundle;
  const files = precompress ? Object.keys(published) : client.assets.files;
  for (const file of files) {
    const target = path.join(assetsDir, file);
    if (file.includes('/')) mkdirSync(path.dirname(target), { recursive: true });
    if (!linkedFromPrevious(previous, file, published[file]!, target)) copyAsMade(path.join(client.dir, file), target);
  }
  return files.map((file) => {
    const { size, sha256, compressed } = published[file]!;
    return { file: `assets/${file}`, size, sha256, ...(precompress && compressed ? { compressed } : {}) };
  });
}

function linkedFromPrevious(previous: PreviousAssets | undefined, file: string, expected: { size: number; sha256: string }, target: string): boolean {
  if (!previous) return false;
  const before = path.join(previous.siteDir, 'assets', file);
  try {
    const known = previous.digests.peek(before);
    if (known.sha256 !== expected.sha256 || known.size !== expected.size) return false;
    linkSync(before, target);
    return true;
  } catch {
    // Not there, or not linkable (another device): copied.
    return false;
  }
}

/**
 * A copy with the bundle file's modification time: the digest the build records of it (by inode,
 * size and mtime) is then old enough to be kept for the next build (FileDigestCache's racy
 * rule), which links it instead of copying again.
 */
function copyAsMade(source: string, target: string): void {
  copyFileSync(source, target);
  const { atime, mtime } = statSync(source);
  utimesSync(target, atime, mtime);
}
