import { createHash, randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ManifestProblem } from '../generator/deploy/verify-manifest.ts';
import { filesByKey, type ReleaseSite } from './release-changes.ts';
import { downloadFromFolder, listFolder, type ListedObject, type S3Location } from './s3-objects.ts';

export interface PublishedCheck {
  folder: S3Location;
  /** Where in the folder the release's sites lie: the listing is of this part. */
  within: string;
  sites: readonly ReleaseSite[];
  /** The keys this release uploaded. */
  uploaded: ReadonlySet<string>;
  /** Keys left in the sites' folders for their grace period. */
  kept: ReadonlySet<string>;
  /** How many of the unchanged files to download as well, picked at random. */
  sample: number;
  /** Download every file instead. */
  full: boolean;
}

export interface PublishedCheckResult {
  problems: ManifestProblem[];
  listed: number;
  /** Files this release sent. */
  sent: number;
  /** Of those, downloaded. */
  changed: number;
  /** Unchanged files downloaded. */
  sampled: number;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Holds the bucket to the release it was sent: one listing shows every file of every site
 * present with its size and ETag (the MD5 of its bytes: a service whose ETags are not fails
 * here, loudly), and nothing else in the sites' folders but what is kept for its grace; then a
 * random sample of the files this release sent and one of the rest are downloaded and their
 * sha256 compared, a check that does not rest on the service's ETags. `full` downloads everything.
 */
export function verifyPublished(check: PublishedCheck): PublishedCheckResult {
  const problems: ManifestProblem[] = [];
  const listing = listFolder(check.folder, check.within);
  const expected = filesByKey(check.sites);

  for (const [key, file] of expected) {
    const listed = listing.get(key);
    if (listed === undefined) problems.push({ kind: 'missing', path: key });
    else if (listed.size !== file.size) problems.push({ kind: 'changed', path: key, detail: `${file.size} bytes expected, the bucket lists ${listed.size}` });
    else if (listed.etag !== file.etag) problems.push({ kind: 'changed', path: key, detail: `ETag ${file.etag} expected, the bucket lists ${listed.etag}` });
  }
  for (const key of listing.keys()) {
    if (expected.has(key) || check.kept.has(key) || !check.sites.some((site) => key.startsWith(`${site.key}/`))) continue;
    problems.push({ kind: 'unexpected', path: key });
  }

  // The listing has already held every file to its bytes (an ETag is their MD5); downloads are the
  // second, independent check: a sample of what this release sent and of what it left alone.
  const keys = [...expected.keys()];
  const sent = keys.filter((key) => check.uploaded.has(key));
  const changed = check.full ? keys : pickAtRandom(sent, check.sample);
  const sampled = check.full
    ? []
    : pickAtRandom(
        keys.filter((key) => !check.uploaded.has(key)),
        check.sample,
      );
  const toRead = [...changed, ...sampled].filter((key) => listing.get(key)?.size === expected.get(key)?.size);
  const downloaded = downloadKeys(check.folder, toRead);
  for (const key of toRead) {
    const bytes = downloaded.get(key);
    const file = expected.get(key)!;
    if (bytes === undefined) problems.push({ kind: 'missing', path: key, detail: 'listed, but could not be downloaded' });
    else if (sha256(bytes) !== file.sha256)
      problems.push({ kind: 'changed', path: key, detail: `sha256 ${file.sha256.slice(0, 12)}… expected, downloaded ${sha256(bytes).slice(0, 12)}…` });
  }
  problems.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { problems, listed: listing.size, sent: sent.length, changed: changed.length, sampled: sampled.length };
}

/**
 * The keys whose bytes differ from the release's files, found by downloading every file of every
 * site: what `--full-check` sends again, for a bucket whose listing cannot show damage (a service
 * whose ETags are not the bytes' MD5).
 */
export function damagedKeys(folder: S3Location, sites: readonly ReleaseSite[], listing: ReadonlyMap<string, ListedObject>): Set<string> {
  const expected = filesByKey(sites);
  const present = [...expected.keys()].filter((key) => listing.has(key));
  const downloaded = downloadKeys(folder, present);
  return new Set(present.filter((key) => downloaded.get(key) === undefined || sha256(downloaded.get(key)!) !== expected.get(key)!.sha256));
}

/** Downloads keys of the folder, grouped by their first folder so no download walks the previews or another space. */
function downloadKeys(folder: S3Location, keys: readonly string[]): Map<string, Buffer> {
  const temp = mkdtempSync(path.join(tmpdir(), 'storefront-published-'));
  try {
    const groups = new Map<string, string[]>();
    for (const key of keys) {
      const slash = key.indexOf('/');
      const group = key.slice(0, slash);
      groups.set(group, [...(groups.get(group) ?? []), key.slice(slash + 1)]);
    }
    for (const [group, paths] of groups) {
      const into = path.join(temp, group);
      downloadFromFolder({ bucket: folder.bucket, key: folder.key === '' ? group : `${folder.key}/${group}` }, paths, into);
    }
    const bytes = new Map<string, Buffer>();
    for (const key of keys) {
      const file = path.join(temp, key);
      if (existsSync(file)) bytes.set(key, readFileSync(file));
    }
    return bytes;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** `count` of the entries, each subset equally likely (a partial Fisher–Yates shuffle). */
function pickAtRandom<T>(entries: readonly T[], count: number): T[] {
  const pool = [...entries];
  const picked = Math.min(count, pool.length);
  for (let i = 0; i < picked; i += 1) {
    const j = randomInt(i, pool.length);
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, picked);
}
