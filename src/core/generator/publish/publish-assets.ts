import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PictureData } from '../../../site/picture-data.ts';
import type { ClientAssets } from '../bundle/client-assets.ts';
import { PUBLISHED_FILE, type PublishedBundle } from '../bundle/bundle-client.ts';
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

/**
 * Copies the bundle's files, and with `precompress` the compressed siblings made with it, into the
 * site's assets/ folder; answers them with their digests (paths relative to the site folder), the
 * scripts and styles then marked as compressed already. Copies, not links: a file of the bundle's
 * cache linked into a site would be changed by any hand that changes the site's copy.
 */
export function copyClientAssets(client: { assets: ClientAssets; dir: string }, siteDir: string, precompress: boolean): WrittenFile[] {
  const assetsDir = path.join(siteDir, 'assets');
  mkdirSync(assetsDir, { recursive: true });
  // Every bundle folder has its list: the folder's name covers its layout (bundle-client.ts, BUNDLE_LAYOUT).
  const published = JSON.parse(readFileSync(path.join(client.dir, PUBLISHED_FILE), 'utf8')) as PublishedBundle;
  const files = precompress ? Object.keys(published) : client.assets.files;
  for (const file of files) {
    const target = path.join(assetsDir, file);
    if (file.includes('/')) mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(path.join(client.dir, file), target);
  }
  return files.map((file) => {
    const { size, sha256, compressed } = published[file]!;
    return { file: `assets/${file}`, size, sha256, ...(precompress && compressed ? { compressed } : {}) };
  });
}
