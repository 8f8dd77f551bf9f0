import { spawn } from 'node:child_process';
import { chmodSync, linkSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileDigestCache } from '../shared/file-digest-cache.ts';
import { createImagePipeline, ImageSourceError, type ImagePipeline, type PreparedImage } from './index.ts';
import { flatLogoPng, photoJpeg, photoLogoPng, removeTempDirs, tempDir } from './test-images.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '../../../..');

/** Emits `image` into a fresh folder and decodes every file, as a browser would get it. */
async function emitAndDecode(pipeline: ImagePipeline, image: PreparedImage, outDir = tempDir('img-out')) {
  await pipeline.emit(image, outDir);
  return Promise.all(
    image.variants.map(async (variant) => {
      const file = path.join(outDir, variant.file);
      const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
      const metadata = await sharp(file).metadata();
      return { variant, file, bytes: readFileSync(file), format: metadata.format, info, data };
    }),
  );
}

const formatsOf = (image: PreparedImage) => [...new Set(image.variants.map((variant) => variant.format))].sort();
const widthsOf = (image: PreparedImage, format: string) => image.variants.filter((variant) => variant.format === format).map((variant) => variant.width);
const sizeOf = (outDir: string, image: PreparedImage, format: string) =>
  image.variants.filter((variant) => variant.format === format).reduce((sum, variant) => sum + statSync(path.join(outDir, variant.file)).size, 0);

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

let sources: string;
afterAll(removeTempDirs);
beforeAll(async () => {
  sources = tempDir('img-src');
  await writeFile(path.join(sources, 'K500_navy.jpg'), await photoJpeg(1000, 1000));
  await writeFile(path.join(sources, 'small.jpg'), await photoJpeg(500, 250, 2));
  await writeFile(path.join(sources, 'Leith Ford & Lincoln.png'), await flatLogoPng(400, 400));
  await writeFile(path.join(sources, 'photo-logo.png'), await photoLogoPng(400, 400));
  await writeFile(path.join(sources, 'banner.jpg'), await photoJpeg(1600, 500, 3));
});

describe('prepare: variants', () => {
  it('encodes a product photo to AVIF, WebP and JPEG at 320, 640 and 960 px, each file what its name says', async () => {
    const pipeline = createImagePipeline({ cacheDir: tempDir('img-cache') });
    const image = await pipeline.prepare(path.join(sources, 'K500_navy.jpg'), 'product');

    expect(image.source).toBe(path.join(sources, 'K500_navy.jpg'));
    expect([image.width, image.height]).toEqual([960, 960]);
    expect(image.placeholderColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(formatsOf(image)).toEqual(['avif', 'jpeg', 'webp']);
    for (const format of ['avif', 'webp', 'jpeg']) expect(widthsOf(image, format)).toEqual([320, 640, 960]);
    for (const decoded of await emitAndDecode(pipeline, image)) {
      expect(decoded.variant.file).toMatch(new RegExp(`^K500_navy-[0-9a-f]{8}-${decoded.variant.width}\\.(avif|webp|jpg)$`));
      expect(decoded.format === 'heif' ? 'avif' : decoded.format).toBe(decoded.variant.format);
      expect([decoded.info.width, decoded.info.height]).toEqual([decoded.variant.width, decoded.variant.width]);
    }
  });

  it('never enlarges: a 500 px source gives 320 and 500, heights in proportion', async () => {
    const pipeline = createImagePipeline({ cacheDir: tempDir('img-cache') });
    const image = await pipeline.prepare(path.join(sources, 'small.jpg'), 'product');

    expect([image.width, image.height]).toEqual([500, 250]);
    for (const format of formatsOf(image)) expect(widthsOf(image, format)).toEqual([320, 500]);
    for (const decoded of await emitAndDecode(pipeline, image)) {
      expect(decoded.info.width).toBe(decoded.variant.width);
      expect(decoded.info.height).toBe(decoded.variant.width / 2);
    }
  });

  it('gives a banner its wide widths', async () => {
    const pipeline = createImagePipeline({ cacheDir: tempDir('img-cache') });
    const image = await pipeline.prepare(path.join(sources, 'banner.jpg'), 'banner');
    expect([image.width, image.height]).toEqual([1600, 500]);
    expect(widthsOf(image, 'jpeg')).toEqual([640, 960, 1280, 1600]);
  });

  it('keeps the transparency of a logo in every format, with a PNG fallback', async () => {
    const pipeline = createImagePipeline({ cacheDir: tempDir('img-cache') });
    for (const name of ['Leith Ford & Lincoln.png', 'photo-logo.png']) {
      const image = await pipeline.prepare(path.join(sources, name), 'logo');
      expect(widthsOf(image, 'png')).toEqual([160, 320, 400]);
      for (const decoded of await emitAndDecode(pipeline, image)) {
        expect(decoded.info.channels).toBe(4);
        const alphaAt = (x: number, y: number) => decoded.data[(y * decoded.info.width + x) * 4 + 3];
        const middle = Math.floor(decoded.info.width / 2);
        expect(alphaAt(0, 0), `${decoded.variant.file} corner`).toBe(0);
        expect(alphaAt(middle, middle), `${decoded.variant.file} centre`).toBe(255);
      }
    }
  });

  it('publishes a modern format only when it is smaller than what browsers would get without it', async () => {
    const pipeline = createImagePipeline({ cacheDir: tempDir('img-cache') });
    const outDir = tempDir('img-out');
    // A flat logo: lossless WebP of the palette image wins; a photographic one: AVIF wins too.
    const flat = await pipeline.prepare(path.join(sources, 'Leith Ford & Lincoln.png'), 'logo');
    const photo = await pipeline.prepare(path.join(sources, 'photo-logo.png'), 'logo');
    await pipeline.emit(flat, outDir);
    await pipeline.emit(photo, outDir);

    expect(formatsOf(flat)).toEqual(['png', 'webp']);
    expect(sizeOf(outDir, flat, 'webp')).toBeLessThan(sizeOf(outDir, flat, 'png'));
    expect(formatsOf(photo)).toEqual(['avif', 'png', 'webp']);
    expect(sizeOf(outDir, photo, 'avif')).toBeLessThan(sizeOf(outDir, photo, 'webp'));
    expect(sizeOf(outDir, photo, 'webp')).toBeLessThan(sizeOf(outDir, photo, 'png'));
  });

  it('uses the average colour, as seen on a white page, for the placeholder', async () => {
    const pipeline = createImagePipeline({ cacheDir: tempDir('img-cache') });
    const navy = path.join(sources, 'navy.png');
    await writeFile(
      navy,
      await sharp({ create: { width: 200, height: 200, channels: 3, background: '#1f2a44' } })
        .png()
        .toBuffer(),
    );
    const halfClear = path.join(sources, 'half-clear.png');
    await writeFile(
      halfClear,
      await sharp({ create: { width: 200, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .composite([{ input: { create: { width: 100, height: 200, channels: 4, background: '#000000' } }, left: 0, top: 0 }])
        .png()
        .toBuffer(),
    );
    expect((await pipeline.prepare(navy, 'product')).placeholderColor).toBe('#1f2a44');
    // Half black, half transparent (white on the page): mid grey.
    expect((await pipeline.prepare(halfClear, 'logo')).placeholderColor).toMatch(/^#(7f|80){3}$/);
  });
});

describe('prepare: encoding once', () => {
  it('encodes the same bytes under two names once, publishing each under its own name', async () => {
    const pipeline = createImagePipeline({ cacheDir: tempDir('img-cache') });
    const copy = path.join(sources, 'K600_navy.jpg');
    writeFileSync(copy, readFileSync(path.join(sources, 'K500_navy.jpg')));

    const [a, b] = await Promise.all([pipeline.prepare(path.join(sources, 'K500_navy.jpg'), 'product'), pipeline.prepare(copy, 'product')]);

    expect(pipeline.stats()).toEqual({ encoded: 9, reused: 9 });
    expect(a.variants.map((variant) => variant.file.replace('K500_navy', 'NAME'))).toEqual(
      b.variants.map((variant) => variant.file.replace('K600_navy', 'NAME')),
    );
    const outDir = tempDir('img-out');
    const [fromA, fromB] = [await emitAndDecode(pipeline, a, outDir), await emitAndDecode(pipeline, b, outDir)];
    fromA.forEach((decoded, i) => expect(decoded.bytes.equals(fromB[i]!.bytes)).toBe(true));
  });

  it('shares one encode between concurrent calls for the same source', async () => {
    const pipeline = createImagePipeline({ cacheDir: tempDir('img-cache') });
    const source = path.join(sources, 'small.jpg');
    const images = await Promise.all([1, 2, 3].map(() => pipeline.prepare(source, 'product')));
    expect(pipeline.stats()).toEqual({ encoded: 6, reused: 12 });
    expect(images[1]).toEqual(images[0]);
    expect(images[2]).toEqual(images[0]);
  });

  it('encodes nothing the second time: a new pipeline on the same cache reuses every file, byte for byte', async () => {
    const cacheDir = tempDir('img-cache');
    const jobs = [
      ['K500_navy.jpg', 'product'],
      ['small.jpg', 'product'],
      ['Leith Ford & Lincoln.png', 'logo'],
      ['banner.jpg', 'banner'],
    ] as const;
    const build = async () => {
      const pipeline = createImagePipeline({ cacheDir });
      const outDir = tempDir('img-out');
      const images = await Promise.all(jobs.map(([name, preset]) => pipeline.prepare(path.join(sources, name), preset)));
      for (const image of images) await pipeline.emit(image, outDir);
      const files = Object.fromEntries(readdirSync(outDir).map((name) => [name, readFileSync(path.join(outDir, name)).toString('base64')]));
      return { stats: pipeline.stats(), images, files };
    };

    const first = await build();
    const second = await build();
    const total = first.images.reduce((sum, image) => sum + image.variants.length, 0);

    expect(first.stats).toEqual({ encoded: total, reused: 0 });
    expect(second.stats).toEqual({ encoded: 0, reused: total });
    expect(second.images).toEqual(first.images);
    expect(second.files).toEqual(first.files);
    expect(Object.keys(second.files)).toHaveLength(total);
  });

  it('encodes again when the source changes, under new file names', async () => {
    const cacheDir = tempDir('img-cache');
    const source = path.join(tempDir('img-src'), 'K500_navy.jpg');
    writeFileSync(source, await photoJpeg(400, 400, 1));
    const before = await createImagePipeline({ cacheDir }).prepare(source, 'product');
    writeFileSync(source, await photoJpeg(400, 400, 5));
    const pipeline = createImagePipeline({ cacheDir });
    const after = await pipeline.prepare(source, 'product');
    expect(pipeline.stats().encoded).toBe(after.variants.length);
    const names = new Set(before.variants.map((variant) => variant.file));
    for (const variant of after.variants) expect(names.has(variant.file)).toBe(false);
  });
});

describe('prepare: sources known by their digest', () => {
  it('reuses the variants of a source whose digest is known, and sees a photo replaced under the same name', async () => {
    const cacheDir = tempDir('img-cache');
    const digests = new FileDigestCache();
    const photo = path.join(tempDir('img-src'), 'K510_red.jpg');
    await writeFile(photo, await photoJpeg(700, 700, 4));
    const first = await createImagePipeline({ cacheDir, digests }).prepare(photo, 'product');

    const again = createImagePipeline({ cacheDir, digests });
    expect((await again.prepare(photo, 'product')).variants).toEqual(first.variants);
    expect(again.stats()).toEqual({ encoded: 0, reused: first.variants.length });

    // A merchandiser saves a new photo over the old one: new bytes, new names, encoded anew.
    await writeFile(photo, await photoJpeg(700, 700, 5));
    const replaced = createImagePipeline({ cacheDir, digests });
    const image = await replaced.prepare(photo, 'product');
    expect(image.variants.map((variant) => variant.file)).not.toEqual(first.variants.map((variant) => variant.file));
    expect(replaced.stats().encoded).toBe(image.variants.length);
  });
});

describe('prepare: bad sources', () => {
  it('names the file and the problem when a source is truncated, not an image, or missing', async () => {
    const pipeline = createImagePipeline({ cacheDir: tempDir('img-cache') });
    const dir = tempDir('img-bad');
    const whole = await photoJpeg(600, 600);
    const truncated = path.join(dir, 'K500_navy.jpg');
    writeFileSync(truncated, whole.subarray(0, whole.length / 2));
    const notImage = path.join(dir, 'Sample Logo.png');
    writeFileSync(notImage, 'this is not a picture');
    const missing = path.join(dir, 'K500_black.jpg');

    for (const [file, reason] of [
      [truncated, /not a readable image/],
      [notImage, /not a readable image/],
      [missing, /not found/],
    ] as const) {
      const error = await pipeline.prepare(file, 'product').then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(ImageSourceError);
      expect((error as ImageSourceError).file).toBe(file);
      expect((error as Error).message).toContain(file);
      expect((error as Error).message).toMatch(reason);
    }
    expect(pipeline.stats()).toEqual({ encoded: 0, reused: 0 });

    // Once the file is fixed, the same pipeline prepares it.
    writeFileSync(truncated, whole);
    await expect(pipeline.prepare(truncated, 'product')).resolves.toMatchObject({ width: 600 });
  });

  it('names each file asking for the same broken bytes', async () => {
    const pipeline = createImagePipeline({ cacheDir: tempDir('img-cache') });
    const dir = tempDir('img-bad');
    const [a, b] = [path.join(dir, 'a.png'), path.join(dir, 'b.png')];
    writeFileSync(a, 'broken');
    writeFileSync(b, 'broken');
    const results = await Promise.allSettled([pipeline.prepare(a, 'logo'), pipeline.prepare(b, 'logo')]);
    expect(results.map((result) => (result.status === 'rejected' ? (result.reason as ImageSourceError).file : 'resolved'))).toEqual([a, b]);
  });

  it('refuses an unknown preset', async () => {
    const pipeline = createImagePipeline({ cacheDir: tempDir('img-cache') });
    await expect(pipeline.prepare(path.join(sources, 'small.jpg'), 'hero' as never)).rejects.toThrow(/unknown image preset "hero"/);
  });
});

describe('the cache', () => {
  it('does not trust cached files that were cut short: it encodes them again', async () => {
    const cacheDir = tempDir('img-cache');
    const source = path.join(sources, 'small.jpg');
    const original = await createImagePipeline({ cacheDir }).prepare(source, 'product');

    // What a crash mid-write would leave: every encoded file in the cache cut to half.
    let torn = 0;
    for (const file of filesUnder(cacheDir)) {
      if (file.endsWith('.json')) continue;
      truncateSync(file, Math.floor(statSync(file).size / 2));
      torn += 1;
    }
    expect(torn).toBe(original.variants.length);

    const pipeline = createImagePipeline({ cacheDir });
    const image = await pipeline.prepare(source, 'product');
    expect(pipeline.stats()).toEqual({ encoded: image.variants.length, reused: 0 });
    expect(image).toEqual(original);
    for (const decoded of await emitAndDecode(pipeline, image)) expect(decoded.info.width).toBe(decoded.variant.width);
  });

  it('after builds killed mid-encode, the next build publishes only complete images and cleans up', async () => {
    const cacheDir = tempDir('img-cache');
    const dir = tempDir('img-src');
    const files: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      files.push(path.join(dir, `P${i}_navy.jpg`));
      writeFileSync(files[i]!, await photoJpeg(800, 800, i + 10));
    }

    // A child build that prints a line per prepared image; killed with SIGKILL (no cleanup
    // of any kind) once `after` images are done, while others are being encoded.
    const killedBuild = (after: number) =>
      new Promise<number>((resolve, reject) => {
        const script = `
          const { createImagePipeline } = await import(${JSON.stringify(path.join(HERE, 'index.ts'))});
          const pipeline = createImagePipeline({ cacheDir: ${JSON.stringify(cacheDir)}, concurrency: 2 });
          await Promise.all(${JSON.stringify(files)}.map((file) => pipeline.prepare(file, 'product').then(() => console.log('prepared'))));`;
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] });
        let output = '';
        let prepared = 0;
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          prepared = output.split('\n').filter((line) => line === 'prepared').length;
          if (prepared >= after) child.kill('SIGKILL');
        });
        child.on('error', reject);
        child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve(prepared) : reject(new Error(`child build exited ${code} before it was killed`))));
      });

    await killedBuild(1);
    await killedBuild(4);

    const pipeline = createImagePipeline({ cacheDir });
    const outDir = tempDir('img-out');
    const images = await Promise.all(files.map((file) => pipeline.prepare(file, 'product')));
    const total = images.reduce((sum, image) => sum + image.variants.length, 0);
    const { encoded, reused } = pipeline.stats();
    expect(encoded + reused).toBe(total);
    expect(reused).toBeGreaterThanOrEqual(4 * 9); // what the killed builds finished is trusted
    expect(encoded).toBeGreaterThan(0); // and what they did not is redone
    for (const image of images) {
      for (const decoded of await emitAndDecode(pipeline, image, outDir)) expect(decoded.info.width).toBe(decoded.variant.width);
    }
    // Nothing half-written is left anywhere in the cache: every file is a whole manifest or image.
    for (const file of filesUnder(cacheDir)) {
      if (file.endsWith('.json')) expect(() => JSON.parse(readFileSync(file, 'utf8')), file).not.toThrow();
      else await expect(sharp(file, { failOn: 'warning' }).raw().toBuffer(), file).resolves.toBeInstanceOf(Buffer);
    }
    const again = createImagePipeline({ cacheDir });
    await Promise.all(files.map((file) => again.prepare(file, 'product')));
    expect(again.stats()).toEqual({ encoded: 0, reused: total });
  });
});

describe('one cache, several builds at once', () => {
  it('two builds of different data folders encoding the same picture into one cache both publish it whole, and leave no temporary file', async () => {
    const cacheDir = tempDir('img-cache');
    // The same bytes in two data folders, as two --root copies of one project have them.
    const bytes = await photoJpeg(800, 800, 21);
    const [a, b] = [tempDir('img-src'), tempDir('img-src')].map((dir) => path.join(dir, 'K500_navy.jpg'));
    for (const file of [a, b]) writeFileSync(file!, bytes);
    const [one, two] = [createImagePipeline({ cacheDir }), createImagePipeline({ cacheDir })];
    const [first, second] = await Promise.all([one.prepare(a!, 'product'), two.prepare(b!, 'product')]);
    // Both looked before either had written: each wrote every file under a temporary name and renamed it over the other's.
    expect([one.stats().encoded, two.stats().encoded]).toEqual([first.variants.length, first.variants.length]);
    expect(second.variants).toEqual(first.variants);
    for (const [pipeline, image] of [
      [one, first],
      [two, second],
    ] as const) {
      for (const decoded of await emitAndDecode(pipeline, image)) expect(decoded.info.width).toBe(decoded.variant.width);
    }
    expect(readdirSync(path.join(cacheDir, 'v1', 'tmp'))).toEqual([]);
    for (const file of filesUnder(cacheDir)) {
      if (file.endsWith('.json')) expect(() => JSON.parse(readFileSync(file, 'utf8')), file).not.toThrow();
      else await expect(sharp(file, { failOn: 'warning' }).raw().toBuffer(), file).resolves.toBeInstanceOf(Buffer);
    }
    const third = createImagePipeline({ cacheDir });
    await third.prepare(a!, 'product');
    expect(third.stats()).toEqual({ encoded: 0, reused: first.variants.length });
  });
});

describe('emit', () => {
  it('publishes every variant into a folder it creates, sharing the bytes with the cache', async () => {
    const cacheDir = tempDir('img-cache');
    const pipeline = createImagePipeline({ cacheDir });
    const image = await pipeline.prepare(path.join(sources, 'small.jpg'), 'product');
    const guardian = path.join(tempDir('img-out'), 'guardian', 'assets', 'img');
    const stivers = path.join(tempDir('img-out'), 'stivers', 'assets', 'img');
    await pipeline.emit(image, guardian);
    await pipeline.emit(image, stivers);
    await pipeline.emit(image, stivers); // again: harmless

    expect(readdirSync(stivers).sort()).toEqual(image.variants.map((variant) => variant.file).sort());
    for (const variant of image.variants) {
      // Same filesystem: both tenants' files are the cached file itself, no copies.
      expect(statSync(path.join(guardian, variant.file)).ino).toBe(statSync(path.join(stivers, variant.file)).ino);
    }
  });

  it('never writes through an existing file at the target, which may be a link to something else', async () => {
    const pipeline = createImagePipeline({ cacheDir: tempDir('img-cache') });
    const image = await pipeline.prepare(path.join(sources, 'small.jpg'), 'product');
    const outDir = tempDir('img-out');
    const precious = path.join(tempDir('img-other'), 'precious.txt');
    writeFileSync(precious, 'do not touch');
    const target = path.join(outDir, image.variants[0]!.file);
    linkSync(precious, target);

    await pipeline.emit(image, outDir);

    expect(readFileSync(precious, 'utf8')).toBe('do not touch');
    expect((await sharp(target).metadata()).width).toBe(image.variants[0]!.width);
  });

  it('heals the cache when a published file was changed in place through its link', async () => {
    const cacheDir = tempDir('img-cache');
    const source = path.join(sources, 'small.jpg');
    const first = createImagePipeline({ cacheDir });
    const image = await first.prepare(source, 'product');
    const outDir = tempDir('img-out');
    await first.emit(image, outDir);
    const published = path.join(outDir, image.variants[0]!.file);
    const good = readFileSync(published);
    // A tool that makes the file writable and rewrites it in place, through the hard link.
    chmodSync(published, 0o644);
    writeFileSync(published, 'overwritten in place by some tool');

    const second = createImagePipeline({ cacheDir });
    const again = await second.prepare(source, 'product');
    expect(second.stats().encoded).toBe(again.variants.length);
    const freshOut = tempDir('img-out');
    await second.emit(again, freshOut);
    expect(readFileSync(path.join(freshOut, again.variants[0]!.file)).equals(good)).toBe(true);
  });

  it('refuses an image this pipeline did not prepare', async () => {
    const image = await createImagePipeline({ cacheDir: tempDir('img-cache') }).prepare(path.join(sources, 'small.jpg'), 'product');
    await expect(createImagePipeline({ cacheDir: tempDir('img-cache') }).emit(image, tempDir('img-out'))).rejects.toThrow(
      /was not prepared by this image pipeline/,
    );
  });
});
