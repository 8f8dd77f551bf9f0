import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PictureData } from '../../site/picture-data.ts';
import type { ClientAssets } from './client-assets.ts';
import { pictureSources, type ImagePipeline, type ImagePreset } from './images/index.ts';

/** Prepares an image (encoded once, whatever the number of tenants) and publishes it into one site. */
export function publisher(images: ImagePipeline, outDir: string, urlPrefix: string) {
  return async (source: string, preset: ImagePreset): Promise<PictureData> => {
    const prepared = await images.prepare(source, preset);
    await images.emit(prepared, outDir);
    return pictureSources(prepared, urlPrefix);
  };
}

export function copyClientAssets(client: { assets: ClientAssets; dir: string }, assetsDir: string): void {
  mkdirSync(assetsDir, { recursive: true });
  for (const file of client.assets.files) cpSync(path.join(client.dir, file), path.join(assetsDir, file));
}
