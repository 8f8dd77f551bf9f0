import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressFiles } from './compress-files.mjs';

const LEVELS = { br: 5, gz: 6 };
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function site(root: string, name: string, html: string): string {
  const dir = path.join(root, name);
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'index.html'), html);
  return path.join(dir, 'index.html');
}

describe('compressFiles', () => {
  const page = `<!doctype html><title>Item</title>${'<li>K500 Orange, size M, $12.00</li>'.repeat(200)}`;

  it('writes siblings that decompress to the file, answers every digest it took, and the next site links the cached bytes', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'compress-'));
    const cacheDir = path.join(root, 'cache');
    mkdirSync(cacheDir);
    const first = site(root, 'first', page);
    const [made] = compressFiles({ cacheDir, files: [{ file: first, size: statSync(first).size, levels: LEVELS }] });
    const original = readFileSync(first);
    expect(brotliDecompressSync(readFileSync(`${first}.br`)).equals(original)).toBe(true);
    expect(gunzipSync(readFileSync(`${first}.gz`)).equals(original)).toBe(true);
    expect(made?.source).toEqual({ size: original.length, sha256: sha256(original) });
    expect(made?.wrote.map(({ file, size, sha256: digest }) => [file, size, digest])).toEqual(
      ['br', 'gz'].map((extension) => [`${first}.${extension}`, statSync(`${first}.${extension}`).size, sha256(readFileSync(`${first}.${extension}`))]),
    );
    expect(readdirSync(cacheDir).sort()).toEqual([`${sha256(original)}.br5`, `${sha256(original)}.gz6`]);

    // Another site with the same page, its digest known: nothing written, the siblings are the cache's files.
    const second = site(root, 'second', page);
    const [linked] = compressFiles({ cacheDir, files: [{ file: second, size: original.length, levels: LEVELS, sha256: sha256(original) }] });
    expect(linked).toEqual({ file: second, source: undefined, wrote: [] });
    expect(statSync(`${second}.br`).ino).toBe(statSync(path.join(cacheDir, `${sha256(original)}.br5`)).ino);
  });

  it('gives a file without a gzip level its .br sibling only', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'compress-'));
    const cacheDir = path.join(root, 'cache');
    mkdirSync(cacheDir);
    const file = site(root, 'site', page);
    const [made] = compressFiles({ cacheDir, files: [{ file, size: statSync(file).size, levels: { br: 5 } }] });
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(readFileSync(file))).toBe(true);
    expect(readdirSync(path.join(root, 'site')).sort()).toEqual(['index.html', 'index.html.br']);
    expect(made?.wrote.map(({ file: written }) => path.basename(written))).toEqual(['index.html.br']);
    expect(readdirSync(cacheDir)).toEqual([`${sha256(readFileSync(file))}.br5`]);
  });

  it('republishing a folder whose sibling is a link to the cache replaces the link, and leaves the cached bytes alone', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'compress-'));
    const cacheDir = path.join(root, 'cache');
    mkdirSync(cacheDir);
    const file = site(root, 'site', page);
    compressFiles({ cacheDir, files: [{ file, size: statSync(file).size, levels: LEVELS }] });
    const cached = path.join(cacheDir, `${sha256(readFileSync(file))}.br5`);
    const cachedBytes = readFileSync(cached);

    // The page changes and the folder is published again: its old .br is still a link to the old page's cache object.
    writeFileSync(file, page.replace('K500', 'K501'));
    compressFiles({ cacheDir, files: [{ file, size: statSync(file).size, levels: LEVELS }] });
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(readFileSync(file))).toBe(true);
    expect(readFileSync(cached).equals(cachedBytes)).toBe(true);
    expect(statSync(`${file}.br`).ino).not.toBe(statSync(cached).ino);
  });
});
