import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileDigestCache, type FileDigest } from '../shared/file-digest-cache.ts';
import { keepPage } from '../reuse/page-cache.ts';
import { measureSite } from '../shared/build-report.ts';
import { CompressionPool } from '../shared/compression-pool.ts';
import { publishSite } from './publish-site.ts';
import { MANIFEST_FILE, type ManifestEntry } from '../shared/site-manifest.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** What a folder holds, read back independently of publishing: every file but the manifest, sorted, with its size and sha256. */
function filesOf(dir: string): ManifestEntry[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((entry) => entry.split(path.sep).join('/'))
    .filter((file) => file !== MANIFEST_FILE && statSync(path.join(dir, file)).isFile())
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((file) => {
      const bytes = readFileSync(path.join(dir, file));
      return { path: file, size: bytes.length, sha256: sha256(bytes) };
    });
}

/** A digest cache that notes the files it was asked to read or look up. */
class WatchedDigests extends FileDigestCache {
  readonly asked: string[] = [];

  override digest(fullPath: string, read?: () => Promise<Buffer>): Promise<FileDigest> {
    this.asked.push(fullPath);
    return super.digest(fullPath, read);
  }

  override peek(fullPath: string): { size: number; sha256?: string } {
    this.asked.push(fullPath);
    return super.peek(fullPath);
  }
}

/** A tenant folder as the pages phase leaves it: two pages written through keepPage (one kept in a store), a script it does not tell publishing of. */
function writtenSite(root: string, html: string) {
  const dir = path.join(root, 'site');
  mkdirSync(root, { recursive: true });
  mkdirSync(path.join(dir, 'item', 'K500'), { recursive: true });
  mkdirSync(path.join(dir, 'assets'));
  // Multi-byte characters: the size is in bytes, not characters.
  const index = keepPage({ target: path.join(dir, 'index.html') }, `${html}<p>Größe M — 12,00 €</p>`);
  const item = keepPage({ target: path.join(dir, 'item', 'K500', 'index.html'), stored: path.join(root, 'store', 'ab', 'ab12.html') }, `${html}<p>K500</p>`);
  writeFileSync(path.join(dir, 'assets', 'base-0123abcd.js'), 'console.log("not told");\n'.repeat(60));
  const written = new Map([
    ['index.html', index],
    ['item/K500/index.html', item],
  ]);
  return { dir, written };
}

describe('publishSite given the files the build wrote', () => {
  const page = `<!doctype html><title>Item</title>${'<li>K500 Orange, size M, $12.00</li>'.repeat(60)}`;
  const compression = new CompressionPool(1);
  afterAll(() => compression.close());

  it('lists every file of the folder with the size and sha256 of its bytes, written pages taken as written and never read back', async () => {
    const { dir, written } = writtenSite(mkdtempSync(path.join(tmpdir(), 'publish-')), page);
    const digests = new WatchedDigests();
    const manifest = await publishSite(dir, { precompress: false, digests, written });

    expect(manifest).toEqual(filesOf(dir));
    expect(JSON.parse(readFileSync(path.join(dir, MANIFEST_FILE), 'utf8'))).toEqual(manifest);
    expect(manifest.map((entry) => entry.path)).toEqual(['_headers', 'assets/base-0123abcd.js', 'index.html', 'item/K500/index.html', 'robots.txt']);
    // The script nobody told publishing of is read; the pages are not.
    expect(digests.asked.map((file) => path.relative(dir, file).split(path.sep).join('/')).sort()).toEqual([
      '_headers',
      'assets/base-0123abcd.js',
      'robots.txt',
    ]);
  });

  it('lists the compressed siblings it wrote with their own digests, and the report counts the content alone', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'publish-'));
    const { dir, written } = writtenSite(root, page);
    const manifest = await publishSite(dir, { digests: new WatchedDigests(), written, cacheDir: path.join(root, 'compressed'), compression });

    expect(manifest).toEqual(filesOf(dir));
    expect(manifest.map((entry) => entry.path)).toEqual(
      expect.arrayContaining(['index.html.br', 'item/K500/index.html.br', 'assets/base-0123abcd.js.br', 'assets/base-0123abcd.js.gz']),
    );
    // Another tenant with the same pages: its siblings are linked from the compressed bytes kept for the first.
    const again = writtenSite(path.join(root, 'again'), page);
    expect(
      await publishSite(again.dir, { digests: new WatchedDigests(), written: again.written, cacheDir: path.join(root, 'compressed'), compression }),
    ).toEqual(filesOf(again.dir));
    const size = (file: string) => statSync(path.join(dir, file)).size;
    expect(measureSite(manifest)).toEqual({
      pages: 2,
      imageFiles: 0,
      bytes: { html: size('index.html') + size('item/K500/index.html'), js: size('assets/base-0123abcd.js'), css: 0, images: 0, other: 0 },
    });
  });

  it('keeps the digests of pages that went into the page store too, so the next build that links them knows them without reading', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'publish-'));
    const { dir, written } = writtenSite(root, page);
    // Written a while before publishing, as a long tenant's first pages are: a digest taken within two seconds of a write is not kept.
    const earlier = new Date(Date.now() - 60_000);
    for (const file of written.keys()) utimesSync(path.join(dir, file), earlier, earlier);
    const store = path.join(root, 'digests.json');
    const digests = new FileDigestCache(store);
    await publishSite(dir, { precompress: false, digests, written, rememberWritten: true });
    digests.save();

    const next = new FileDigestCache(store);
    for (const [file, digest] of written) expect(next.peek(path.join(dir, file)), file).toEqual(digest);
  });
});
