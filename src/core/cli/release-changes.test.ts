import { describe, expect, it } from 'vitest';
import { objectEtag } from './object-etag.ts';
import { releaseChanges, type ReleaseSite, type SiteFile } from './release-changes.ts';
import type { ListedObject } from './s3-objects.ts';

const file = (path: string, text: string): SiteFile => ({ path, size: Buffer.byteLength(text), etag: objectEtag(Buffer.from(text)), sha256: '' });
const site = (tenant: string, key: string, files: SiteFile[]): ReleaseSite => ({ tenant, key, dir: `/dist/${tenant}`, files });
const listed = (entries: Record<string, string>): Map<string, ListedObject> =>
  new Map(Object.entries(entries).map(([key, text]) => [key, { size: Buffer.byteLength(text), etag: objectEtag(Buffer.from(text)) }]));

describe('what a release sends and removes', () => {
  const guardian = site('guardian', '_shared/guardian', [
    file('assets/app-1.js', 'app'),
    file('robots.txt', 'robots'),
    file('index.html', 'home v2'),
    file('manifest.json', 'manifest v2'),
  ]);

  it('sends only what the bucket lacks or holds other bytes of, whatever the size, in class order', () => {
    const bucket = listed({
      '_shared/guardian/assets/app-1.js': 'apq', // same size, other bytes: damaged in the bucket
      '_shared/guardian/robots.txt': 'robots',
      '_shared/guardian/index.html': 'home v1',
    });
    const changes = releaseChanges({ sites: [guardian], listing: bucket });
    expect(changes.uploads.map((upload) => [upload.kind, upload.key])).toEqual([
      ['asset', '_shared/guardian/assets/app-1.js'],
      ['page', '_shared/guardian/index.html'],
      ['manifest', '_shared/guardian/manifest.json'],
    ]);
    expect(changes.unchanged).toBe(1);
    expect(releaseChanges({ sites: [guardian], listing: bucket, repair: new Set(['_shared/guardian/robots.txt']) }).uploads.map((u) => u.kind)).toContain(
      'other',
    );
  });

  it('deletes dropped pages at once, keeps dropped assets and removed tenants for their grace, and leaves previews, ledgers and tenants outside the release alone', () => {
    const bucket = listed({
      '_shared/guardian/assets/app-0.js': 'old app',
      '_shared/guardian/old/index.html': 'a page no build has',
      '_shared/gone/index.html': 'a removed tenant',
      'solo-old/index.html': 'a removed tenant without a prefix',
      '_shared/stivers/index.html': 'a tenant this release does not build',
      '_previews/pr-3/_shared/guardian/index.html': 'a preview',
      '_deploys/release.json': '{}',
      'favicon.ico': 'not a tenant folder',
    });
    const changes = releaseChanges({ sites: [guardian], listing: bucket, currentKeys: ['_shared/guardian', '_shared/stivers', 'solo'] });
    expect(changes.dropped).toEqual(['_shared/guardian/old/index.html']);
    expect(changes.unreferenced).toEqual(['_shared/gone/index.html', '_shared/guardian/assets/app-0.js', 'solo-old/index.html']);
    expect(changes.inScope('_shared/stivers/assets/x.js')).toBe(false);
    expect(changes.inScope('_shared/gone/assets/x.js')).toBe(true);
    // A preview release prunes nothing.
    expect(releaseChanges({ sites: [guardian], listing: bucket }).unreferenced).toEqual(['_shared/guardian/assets/app-0.js']);
  });
});

describe('objectEtag', () => {
  it('is the MD5 of the bytes, or of the 8 MiB parts’ MD5s with the part count above that', () => {
    expect(objectEtag(Buffer.from(''))).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(objectEtag(Buffer.alloc(8 * 1024 * 1024 + 1))).toMatch(/^[0-9a-f]{32}-2$/);
  });
});
