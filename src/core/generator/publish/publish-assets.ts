import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PictureData } from '../../../site/picture-data.ts';
import type { ClientAssets } from '../bundle/client-assets.ts';
import { pictureSources, type ImagePipeline, type ImagePreset } from '../images/index.ts';
import type { PreparedImages } from '../images/site-images.ts';

/** Publishes an image prepared in the images phase (encoded once, whatever the number of tenants) into one site. */
export function publisher(images: ImagePipeline, prepared: PreparedImages, outDir: string, urlPrefix: string, { emit = true } = {}) {
  return async (source: string, preset: ImagePreset): Promise<PictureData> => {
    const image = prepared.get(source, preset);
    // Without emit, the files are already where the URLs point (an image folder carried over from the previous build).
    if (emit) await images.emit(image, outDir);
    return pictureSources(image, urlPrefix);
  };
}

/** Copies, not links: a file of the bundle's cache linked into a site would be changed by any hand that changes the site's copy. */
export function copyClientAssets(client: { assets: ClientAssets; dir: string }, assetsDir: string): void {
  mkdirSync(assetsDir, { recursive: true });
  for (const file of client.assets.files) {
    const target = path.join(assetsDir, file);
    if (file.includes('/')) mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(path.join(client.dir, file), target);
  }
}
