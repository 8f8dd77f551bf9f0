import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANIFEST_FILE, type ManifestEntry } from '../shared/site-manifest.ts';
import { carriedImageFolder, IMAGE_FOLDER, imageFolderStamp } from './carried-images.ts';
import { previousManifest } from './carried-pages.ts';
import { FileDigestCache } from '../shared/file-digest-cache.ts';
import { decideReuse, type SiteReuseFacts } from './reuse-plan.ts';

const site = (id: string, facts: Partial<SiteReuseFacts> = {}): SiteReuseFacts => ({
  id,
  isTenant: id !== '_entry',
  inputs: `${id}-now`,
  previousInputs: `${id}-now`,
  folderExists: true,
  imagesEncodedNow: false,
  ...facts,
});

describe('decideReuse', () => {
  it("carries a site whose inputs equal the previous build's, the entry screen's too, and offers the other tenants' image folders", () => {
    const sites = [site('acme'), site('bolt', { previousInputs: 'bolt-before' }), site('_entry'), site('cobalt', { previousInputs: undefined })];
    expect(decideReuse(sites, true)).toEqual({ carriedSites: ['acme', '_entry'], imageFoldersToTry: ['bolt', 'cobalt'] });
  });

  it('carries no site whose folder is gone, and no site or image folder with an image encoded again now', () => {
    const sites = [site('acme', { folderExists: false }), site('bolt', { imagesEncodedNow: true }), site('_entry', { previousInputs: 'before' })];
    expect(decideReuse(sites, true)).toEqual({ carriedSites: [], imageFoldersToTry: ['acme'] });
  });

  it('carries nothing with --no-page-cache', () => {
    expect(decideReuse([site('acme'), site('bolt', { previousInputs: 'x' }), site('_entry')], false)).toEqual({ carriedSites: [], imageFoldersToTry: [] });
  });
});

describe('carriedImageFolder', () => {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  /** A previous output with one tenant whose image folder holds two files, listed in its manifest. */
  const previousOutput = () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'carried-images-'));
    const folder = path.join(outDir, 'acme', IMAGE_FOLDER);
    mkdirSync(folder, { recursive: true });
    const files = { 'logo-a1.avif': 'logo bytes', 'shirt-b2.webp': 'shirt bytes' };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
    const manifest: ManifestEntry[] = [
      { path: 'index.html', size: 4, sha256: sha256('html') },
      ...Object.entries(files).map(([name, text]) => ({ path: `${IMAGE_FOLDER}/${name}`, size: text.length, sha256: sha256(text) })),
    ];
    writeFileSync(path.join(outDir, 'acme', MANIFEST_FILE), JSON.stringify(manifest));
    return { outDir, folder, imageEntries: manifest.slice(1) };
  };

  it("answers the image folder's manifest entries when its digest is the one recorded and every file is as listed", async () => {
    const { outDir, imageEntries } = previousOutput();
    expect(await carriedImageFolder(outDir, 'acme', 'same', 'same', new FileDigestCache(), previousManifest(outDir, 'acme'))).toEqual(imageEntries);
  });

  it('carries nothing for other images, a file written into, an extra file, or a tenant never built', async () => {
    const changedImages = previousOutput();
    expect(
      await carriedImageFolder(changedImages.outDir, 'acme', 'before', 'now', new FileDigestCache(), previousManifest(changedImages.outDir, 'acme')),
    ).toBeUndefined();
    const writtenInto = previousOutput();
    writeFileSync(path.join(writtenInto.folder, 'logo-a1.avif'), 'other bytes');
    expect(
      await carriedImageFolder(writtenInto.outDir, 'acme', 'same', 'same', new FileDigestCache(), previousManifest(writtenInto.outDir, 'acme')),
    ).toBeUndefined();
    const extraFile = previousOutput();
    writeFileSync(path.join(extraFile.folder, 'stray.jpg'), 'stray');
    expect(
      await carriedImageFolder(extraFile.outDir, 'acme', 'same', 'same', new FileDigestCache(), previousManifest(extraFile.outDir, 'acme')),
    ).toBeUndefined();
    expect(
      await carriedImageFolder(extraFile.outDir, 'bolt', 'same', 'same', new FileDigestCache(), previousManifest(extraFile.outDir, 'bolt')),
    ).toBeUndefined();
  });

  it('takes a folder on its stamp without a stat a file, and checks each file again once a file was added or removed', async () => {
    const { outDir, folder, imageEntries } = previousOutput();
    // The image cache: on the file system of the output, as the linked files' objects are.
    const imageCache = mkdtempSync(path.join(outDir, 'image-cache-'));
    // Just made: too recent to tell a change in the same tick of the clock from it, so not stamped.
    expect(imageFolderStamp(folder, imageCache)).toBeUndefined();
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(folder, anHourAgo, anHourAgo);
    const stamp = imageFolderStamp(folder, imageCache);
    expect(stamp).toBeDefined();

    let stated = 0;
    const counting = new (class extends FileDigestCache {
      override async digest(file: string) {
        stated += 1;
        return super.digest(file);
      }
    })();
    const manifest = previousManifest(outDir, 'acme');
    expect(await carriedImageFolder(outDir, 'acme', 'same', 'same', counting, manifest, { previous: stamp, imageCache })).toEqual(imageEntries);
    expect(stated).toBe(0);

    writeFileSync(path.join(folder, 'stray.jpg'), 'stray');
    expect(imageFolderStamp(folder, imageCache)).not.toBe(stamp);
    expect(await carriedImageFolder(outDir, 'acme', 'same', 'same', counting, manifest, { previous: stamp, imageCache })).toBeUndefined();
  });
});
