import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { PictureData } from '../../site/picture-data.ts';
import { createConcurrencyLimit } from '../generator/images/concurrency-limit.ts';
import { type ImagePreset, isImagePreset, PRESET_SETTINGS, variantWidths } from '../generator/images/image-presets.ts';

/** Where dev pictures are served: /@dealer-img/<preset>/<width>/<path below the data root>?v=<version>. */
export const DEV_IMAGE_PREFIX = '/@dealer-img/';

/** Shown while a dev picture loads; the build computes each image's average colour instead. */
const DEV_PLACEHOLDER = '#e5e7eb';

interface SourceInfo {
  version: string;
  width: number;
  height: number;
}

/**
 * Pictures for `npm run dev`, encoded on demand: a page only needs each source's size (read
 * from the file's header), and each variant is encoded when the browser asks for it, in the
 * preset's fallback format only (JPEG or PNG; the AVIF and WebP encodes that make a full build
 * slow are skipped). So a clean clone serves its first page in seconds, and a page shows
 * however many products without waiting for every image to be encoded.
 */
export class DevImages {
  private readonly infos = new Map<string, { key: string; info: Promise<SourceInfo> }>();
  private readonly encoded = new Map<string, Promise<Buffer>>();
  private readonly limit = createConcurrencyLimit(availableParallelism());

  constructor(private readonly dataRoot: string) {}

  /** The <picture> data of a source under the data root; its URLs carry the file's version, so an edited image is fetched again. */
  async picture(source: string, preset: ImagePreset): Promise<PictureData> {
    const info = await this.info(source);
    const settings = PRESET_SETTINGS[preset];
    const widths = variantWidths(settings, info.width);
    const largest = widths[widths.length - 1] ?? info.width;
    const relative = path.relative(this.dataRoot, source).split(path.sep).map(encodeURIComponent).join('/');
    const url = (width: number) => `${DEV_IMAGE_PREFIX}${preset}/${width}/${relative}?v=${info.version}`;
    const srcset = widths.map((width) => `${url(width)} ${width}w`).join(', ');
    return {
      width: largest,
      height: Math.round((largest * info.height) / info.width),
      placeholderColor: DEV_PLACEHOLDER,
      sources: [],
      fallback: { src: url(largest), srcset },
    };
  }

  private async info(source: string): Promise<SourceInfo> {
    const stats = await stat(source);
    const key = `${stats.mtimeMs}-${stats.size}`;
    const known = this.infos.get(source);
    if (known?.key === key) return known.info;
    const info = sharp(source)
      .metadata()
      .then((meta) => {
        if (!meta.width || !meta.height) throw new Error(`${source}: not a readable image`);
        // EXIF orientations 5-8 are rotated a quarter turn: the shown image is the other way round.
        const turned = (meta.orientation ?? 1) >= 5;
        return {
          version: `${Math.round(stats.mtimeMs).toString(36)}${stats.size.toString(36)}`,
          width: turned ? meta.height : meta.width,
          height: turned ? meta.width : meta.height,
        };
      });
    this.infos.set(source, { key, info });
    info.catch(() => {
      if (this.infos.get(source)?.info === info) this.infos.delete(source);
    });
    return info;
  }

  /** Answers a /@dealer-img/ request: encodes the variant (once per file version) and sends it. */
  async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const [preset, widthText, ...rest] = url.pathname.slice(DEV_IMAGE_PREFIX.length).split('/');
    const width = Number(widthText);
    let relative: string;
    try {
      relative = rest.map(decodeURIComponent).join('/');
    } catch {
      relative = '';
    }
    const source = path.resolve(this.dataRoot, relative);
    const allowed = [path.join(this.dataRoot, 'catalogs', 'images'), path.join(this.dataRoot, 'tenants', 'logos')];
    if (!isImagePreset(preset) || !Number.isInteger(width) || width < 1 || width > 4000 || !allowed.some((dir) => source.startsWith(`${dir}${path.sep}`))) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    try {
      const stats = await stat(source);
      const settings = PRESET_SETTINGS[preset];
      const key = `${source}\0${stats.mtimeMs}\0${stats.size}\0${preset}\0${width}`;
      let pending = this.encoded.get(key);
      if (!pending) {
        pending = this.limit(() => encodeFallback(source, preset, width));
        this.encoded.set(key, pending);
        pending.catch(() => this.encoded.delete(key));
      }
      const bytes = await pending;
      response.writeHead(200, {
        'content-type': settings.fallback.format === 'png' ? 'image/png' : 'image/jpeg',
        // The address names the file's version: an edited image gets a new one.
        'cache-control': 'max-age=31536000, immutable',
        'content-length': bytes.length,
      });
      response.end(request.method === 'HEAD' ? undefined : bytes);
    } catch (error) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: ${relative} (${error instanceof Error ? error.message : String(error)})`);
    }
  }
}

async function encodeFallback(source: string, preset: ImagePreset, width: number): Promise<Buffer> {
  const settings = PRESET_SETTINGS[preset];
  let image = sharp(source, { autoOrient: true }).toColourspace('srgb');
  if (!settings.alpha) image = image.flatten({ background: '#ffffff' });
  image = image.resize({ width, withoutEnlargement: true });
  return settings.fallback.format === 'png' ? image.png(settings.fallback.options).toBuffer() : image.jpeg(settings.fallback.options).toBuffer();
}
