import { createHash } from 'node:crypto';
import { linkSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileDigestCache } from './file-digest-cache.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('FileDigestCache', () => {
  it('gives the digest of what the file holds now, across builds, even when it was rewritten with as many bytes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'digests-'));
    const store = path.join(dir, 'digests.json');
    const page = path.join(dir, 'index.html');
    writeFileSync(page, 'first');
    const first = new FileDigestCache(store);
    expect(await first.digest(page)).toEqual({ size: 5, sha256: sha256('first') });
    first.save();

    // A link to the same file shares its inode: known without reading.
    linkSync(page, path.join(dir, 'link.html'));
    expect(await new FileDigestCache(store).digest(path.join(dir, 'link.html'))).toEqual({ size: 5, sha256: sha256('first') });

    await new Promise((resolve) => setTimeout(resolve, 5));
    writeFileSync(page, 'again');
    expect(await new FileDigestCache(store).digest(page)).toEqual({ size: 5, sha256: sha256('again') });
  });

  it('keeps for the next build only digests taken well after the file last changed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'digests-'));
    const store = path.join(dir, 'digests.json');
    const [fresh, settled] = [path.join(dir, 'fresh.jpg'), path.join(dir, 'settled.jpg')];
    writeFileSync(fresh, 'photo one');
    writeFileSync(settled, 'photo two');
    const anHourAgo = Date.now() / 1000 - 3600;
    utimesSync(settled, anHourAgo, anHourAgo);
    const cache = new FileDigestCache(store);
    await cache.digest(fresh);
    await cache.digest(settled);
    cache.save();
    // A file saved again within its timestamp's granularity would keep its key: so a digest taken
    // that soon is not trusted next time, and the next build reads the file again.
    expect(Object.values(JSON.parse(readFileSync(store, 'utf8')) as Record<string, string>)).toEqual([sha256('photo two')]);
  });

  it('hashes everything when its file is missing or damaged', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'digests-'));
    writeFileSync(path.join(dir, 'digests.json'), '{not json');
    writeFileSync(path.join(dir, 'a.txt'), 'bytes');
    expect(await new FileDigestCache(path.join(dir, 'digests.json')).digest(path.join(dir, 'a.txt'))).toEqual({ size: 5, sha256: sha256('bytes') });
  });
});
