import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileDigestCache } from '../shared/file-digest-cache.ts';
import { PRESET_SETTINGS } from './image-presets.ts';
import type { EncodedImage } from './encode-variants.ts';
import { removeTempDirs, tempDir } from './test-images.ts';
import { cacheKey, sha256, VariantCache } from './variant-cache.ts';

const encoded: EncodedImage = {
  placeholderColor: '#d8dde3',
  variants: [
    { format: 'jpeg', width: 320, height: 320, data: Buffer.from('jpeg bytes, 320') },
    { format: 'avif', width: 320, height: 320, data: Buffer.from('avif bytes, 320') },
  ],
};
const KEY = sha256('some source and settings');

afterAll(removeTempDirs);

/** Ways a cached object goes bad after it was written. */
const DAMAGES: [string, (file: string) => void][] = [
  ['cut short', (file) => truncateSync(file, 3)],
  ['changed, same length', (file) => writeFileSync(file, Buffer.from('AVIF bytes, 320'))],
  ['missing', (file) => rmSync(file)],
];

function entryFile(root: string): string {
  const [file] = readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith('.json'));
  return path.join(file!.parentPath, file!.name);
}

describe('VariantCache', () => {
  it('reads back what it wrote, with each file stored read-only under its own hash', async () => {
    const cache = new VariantCache(tempDir('cache'));
    const written = await cache.write(KEY, encoded);
    expect(await cache.read(KEY)).toEqual(written);
    for (const [i, variant] of written.variants.entries()) {
      const file = cache.objectPath(variant);
      expect(readFileSync(file).equals(encoded.variants[i]!.data)).toBe(true);
      expect(statSync(file).mode & 0o222).toBe(0);
    }
    expect(await cache.read(sha256('another key'))).toBeUndefined();
  });

  it.each(DAMAGES)('does not trust an entry whose file is %s', async (_, damage) => {
    const cache = new VariantCache(tempDir('cache'));
    const written = await cache.write(KEY, encoded);
    damage(cache.objectPath(written.variants[1]!));
    expect(await cache.read(KEY)).toBeUndefined();
    // Writing again repairs it.
    await cache.write(KEY, encoded);
    expect(await cache.read(KEY)).toEqual(written);
  });

  it.each(DAMAGES)('with a digest cache that knew the file, still does not trust an entry whose file is %s', async (_, damage) => {
    const cache = new VariantCache(tempDir('cache'), new FileDigestCache());
    const written = await cache.write(KEY, encoded);
    expect(await cache.read(KEY)).toEqual(written);
    // Damage comes later than the write (a file's mtime has a granularity of a few milliseconds).
    await new Promise((resolve) => setTimeout(resolve, 20));
    damage(cache.objectPath(written.variants[1]!));
    expect(await cache.read(KEY)).toBeUndefined();
  });

  it('does not trust a manifest that was cut short or edited into another shape', async () => {
    const cache = new VariantCache(tempDir('cache'));
    await cache.write(KEY, encoded);
    const manifest = entryFile(cache.root);
    const text = readFileSync(manifest, 'utf8');
    truncateSync(manifest, Math.floor(text.length / 2));
    expect(await cache.read(KEY)).toBeUndefined();
    writeFileSync(manifest, text.replace('"width": 320', '"width": "320"'));
    expect(await cache.read(KEY)).toBeUndefined();
  });

  it('sweeps the temporary files of builds that died, not those of a build still running', async () => {
    const cache = new VariantCache(tempDir('cache'));
    await cache.write(KEY, encoded); // creates the layout, tmp/ included
    const tmp = path.join(cache.root, 'tmp');
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
    const dead = path.join(tmp, `${deadPid}-half-written`);
    const live = path.join(tmp, `${process.pid}-being-written`);
    mkdirSync(tmp, { recursive: true });
    writeFileSync(dead, 'half an im');
    writeFileSync(live, 'half an im');

    await cache.sweepAbandonedTemp();

    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(await cache.read(KEY)).toBeDefined();
  });
});

describe('cacheKey', () => {
  it('depends on the source bytes and every encoding setting, not on how the settings are written', () => {
    const source = sha256('source bytes');
    const product = PRESET_SETTINGS.product;
    const key = cacheKey(source, product);
    expect(cacheKey(source, { ...product })).toBe(key);
    expect(cacheKey(source, { modern: product.modern, fallback: product.fallback, alpha: product.alpha, widths: product.widths })).toBe(key);
    expect(cacheKey(sha256('other bytes'), product)).not.toBe(key);
    expect(cacheKey(source, { ...product, widths: [320, 640] })).not.toBe(key);
    expect(cacheKey(source, { ...product, fallback: { format: 'jpeg', options: { quality: 79, mozjpeg: true } } })).not.toBe(key);
    expect(cacheKey(source, PRESET_SETTINGS.banner)).not.toBe(key);
  });
});
