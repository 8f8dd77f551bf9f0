import { createHash, randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MANIFEST_FILE, type ManifestEntry } from '../generator/publish/publish-site.ts';
import type { ManifestProblem } from '../generator/deploy/verify-manifest.ts';
import { downloadFromFolder, listFolder, type S3Location } from './s3-objects.ts';

export interface PublishedCheck {
  folder: S3Location;
  /** What the deploy uploaded: the build's manifest less what is not uploaded. */
  uploaded: readonly ManifestEntry[];
  /** The build's manifest.json, uploaded as it is. */
  manifestText: string;
  /** The manifest the folder held before this deploy; without one every file counts as changed. */
  previous?: readonly ManifestEntry[];
  /** What this deploy deleted. */
  deleted: readonly string[];
  /** Assets no longer referenced, left in the folder for their grace period. */
  kept: readonly string[];
  /** How many of the unchanged files to download as well, picked at random. */
  sample: number;
  /** Download every file instead. */
  full: boolean;
}

export interface PublishedCheckResult {
  problems: ManifestProblem[];
  listed: number;
  changed: number;
  sampled: number;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const sameEntry = (a: ManifestEntry, b: ManifestEntry | undefined) => b !== undefined && a.size === b.size && a.sha256 === b.sha256;

/**
 * Holds a published folder to the build it was sent from, at a cost that follows the change:
 * the listing (sizes of every object, one request per 1000) shows every file present with its
 * size, every deleted one gone and nothing else there but the assets in their grace; the files
 * this deploy changed (by the folder's previous manifest), manifest.json and a random sample of
 * the rest are downloaded and their sha256 compared. `full` downloads everything.
 */
export function verifyPublished(check: PublishedCheck): PublishedCheckResult {
  const problems: ManifestProblem[] = [];
  const listing = listFolder(check.folder);
  const expected = new Map(check.uploaded.map((entry) => [entry.path, entry]));
  const manifestSize = Buffer.byteLength(check.manifestText);

  for (const entry of [...check.uploaded, { path: MANIFEST_FILE, size: manifestSize, sha256: '' }]) {
    const size = listing.get(entry.path);
    if (size === undefined) problems.push({ kind: 'missing', path: entry.path });
    else if (size !== entry.size) problems.push({ kind: 'changed', path: entry.path, detail: `${entry.size} bytes expected, the bucket lists ${size}` });
  }
  const kept = new Set(check.kept);
  const deleted = new Set(check.deleted);
  for (const file of listing.keys()) {
    if (expected.has(file) || file === MANIFEST_FILE || kept.has(file)) continue;
    problems.push({ kind: 'unexpected', path: file, detail: deleted.has(file) ? 'this deploy deleted it' : undefined });
  }

  const previous = new Map((check.previous ?? []).map((entry) => [entry.path, entry]));
  const changed = check.uploaded.filter((entry) => check.full || !sameEntry(entry, previous.get(entry.path)));
  const changedPaths = new Set(changed.map((entry) => entry.path));
  const rest = check.uploaded.filter((entry) => !changedPaths.has(entry.path));
  const sampled = pickAtRandom(rest, check.sample);
  const toRead = [...changed, ...sampled].filter((entry) => listing.get(entry.path) === entry.size);

  const temp = mkdtempSync(path.join(tmpdir(), 'storefront-published-'));
  try {
    downloadFromFolder(check.folder, [MANIFEST_FILE, ...toRead.map((entry) => entry.path)], temp);
    const read = (file: string) => (existsSync(path.join(temp, file)) ? readFileSync(path.join(temp, file)) : undefined);
    const manifest = read(MANIFEST_FILE);
    if (manifest !== undefined && !manifest.equals(Buffer.from(check.manifestText)))
      problems.push({ kind: 'changed', path: MANIFEST_FILE, detail: "differs from the build's" });
    for (const entry of toRead) {
      const bytes = read(entry.path);
      if (bytes === undefined) problems.push({ kind: 'missing', path: entry.path, detail: 'listed, but could not be downloaded' });
      else {
        const digest = sha256(bytes);
        if (digest !== entry.sha256)
          problems.push({ kind: 'changed', path: entry.path, detail: `sha256 ${entry.sha256.slice(0, 12)}… expected, downloaded ${digest.slice(0, 12)}…` });
      }
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  problems.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { problems, listed: listing.size, changed: changed.length, sampled: sampled.length };
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
