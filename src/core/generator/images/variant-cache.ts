import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { FileDigest, FileDigestCache } from '../shared/file-digest-cache.ts';
import { isAlive } from '../shared/process-alive.ts';
import type { ImageFormat, PresetSettings } from './image-presets.ts';
import type { EncodedImage } from './encode-variants.ts';
import { stableJson, stableJsonOfParts } from '../../stable-json.ts';
import { formatExtension } from './variant-file-name.ts';

/**
 * Bump when the encoding code changes what it produces for the same settings (resizing,
 * colour handling, the placeholder colour), so old entries stop matching.
 */
export const ENCODER_REVISION = 1;

/** The layout below lives under this folder; a different layout gets a different folder. */
const LAYOUT = 'v1';

export interface CachedVariant {
  format: ImageFormat;
  width: number;
  height: number;
  /** sha256 of the file's bytes: its name in the object store, checked on every reuse. */
  sha256: string;
  size: number;
}

export interface CacheEntry {
  key: string;
  placeholderColor: string;
  variants: CachedVariant[];
}

export function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * What decides the encoded bytes: the source's bytes (not its name, so an image used by
 * several tenants or under several names is encoded once), the preset's settings (not its
 * name), the encoders' versions and this code's revision.
 */
export function cacheKey(sourceSha256: string, settings: PresetSettings): string {
  return sha256(
    stableJsonOfParts({
      source: JSON.stringify(sourceSha256),
      settings: settingsJson(settings),
      sharp: JSON.stringify(sharp.versions.sharp),
      vips: JSON.stringify(sharp.versions.vips),
      revision: JSON.stringify(ENCODER_REVISION),
    }),
  );
}

/** A preset's settings written once, not once for each of thousands of images. */
function settingsJson(settings: PresetSettings): string {
  let json = writtenSettings.get(settings);
  if (json === undefined) {
    json = stableJson(settings);
    writtenSettings.set(settings, json);
  }
  return json;
}
const writtenSettings = new WeakMap<PresetSettings, string>();

/**
 * A content-addressed store of encoded variants:
 *
 *   <root>/v1/entries/<key[0..2]>/<key>.json       what a key produced (manifest)
 *   <root>/v1/objects/<sha[0..2]>/<sha256>.<ext>   encoded files, named by their own hash
 *   <root>/v1/tmp/<pid>-<uuid>                     files being written
 *
 * Every file is written under tmp/ and renamed into place, objects before the manifest that
 * names them, so an entry appears complete or not at all. A killed build leaves only tmp/
 * files, which nothing reads and the next pipeline removes. On reuse every object is checked
 * against its sha256 (re-hashed, or known from the build's digest cache while its inode, size and
 * mtime are unchanged): a file damaged after the fact (a crash on a filesystem that reorders
 * writes, someone writing into a published hard link) makes the entry a miss, never a published
 * broken image.
 */
export class VariantCache {
  readonly root: string;
  private readonly tmpDir: string;

  /**
   * `digests`: every object is checked against its recorded sha256 on each read; with a digest
   * cache, an object not touched since it was last hashed (same inode, size and mtime; writing
   * through a hard link changes the mtime) is not read again.
   */
  constructor(
    cacheDir: string,
    private readonly digests?: FileDigestCache,
  ) {
    this.root = path.join(path.resolve(cacheDir), LAYOUT);
    this.tmpDir = path.join(this.root, 'tmp');
  }

  objectPath(variant: Pick<CachedVariant, 'sha256' | 'format'>): string {
    return path.join(this.root, 'objects', variant.sha256.slice(0, 2), `${variant.sha256}.${formatExtension(variant.format)}`);
  }

  private entryPath(key: string): string {
    return path.join(this.root, 'entries', key.slice(0, 2), `${key}.json`);
  }

  /** The entry for `key` if it is complete and every file still has the bytes it was written with. */
  async read(key: string): Promise<CacheEntry | undefined> {
    let entry: CacheEntry | undefined;
    try {
      // Synchronous: a few hundred bytes, read for each of thousands of images; through the thread pool each cost several times that in round trips.
      entry = parseEntry(JSON.parse(readFileSync(this.entryPath(key), 'utf8')), key);
    } catch {
      return undefined; // missing or unreadable: a miss
    }
    if (!entry) return undefined;
    for (const variant of entry.variants) {
      const found = await this.objectDigest(this.objectPath(variant));
      if (!found || found.size !== variant.size || found.sha256 !== variant.sha256) return undefined;
    }
    return entry;
  }

  private async objectDigest(file: string): Promise<FileDigest | undefined> {
    if (this.digests) return this.digests.digest(file).catch(() => undefined);
    const bytes = await readFile(file).catch(() => undefined);
    return bytes && { size: bytes.length, sha256: sha256(bytes) };
  }

  /** Stores an encoded image under `key`, replacing whatever was there. */
  async write(key: string, encoded: EncodedImage): Promise<CacheEntry> {
    const variants: CachedVariant[] = [];
    for (const variant of encoded.variants) {
      const cached = { format: variant.format, width: variant.width, height: variant.height, sha256: sha256(variant.data), size: variant.data.length };
      // Read-only, because emit hard-links these into output folders: a tool that opens a
      // published file to write it fails instead of silently changing the cache (as root it
      // would not fail, which is why read() re-hashes).
      await this.writeAtomically(this.objectPath(cached), variant.data, 0o444);
      variants.push(cached);
    }
    const entry: CacheEntry = { key, placeholderColor: encoded.placeholderColor, variants };
    await this.writeAtomically(this.entryPath(key), `${JSON.stringify(entry, null, 2)}\n`, 0o644);
    return entry;
  }

  /** Removes the temporary files of builds that died; a build still running keeps its own. */
  async sweepAbandonedTemp(): Promise<void> {
    const names = await readdir(this.tmpDir).catch(() => [] as string[]);
    await Promise.all(
      names.map(async (name) => {
        const pid = Number(/^(\d+)-/.exec(name)?.[1]);
        if (!pid || !isAlive(pid)) await rm(path.join(this.tmpDir, name), { force: true, recursive: true });
      }),
    );
  }

  private async writeAtomically(target: string, data: Uint8Array | string, mode: number): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(this.tmpDir, `${process.pid}-${randomUUID()}`);
    try {
      await writeFile(temp, data, { mode });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }
}

const FORMATS: readonly string[] = ['avif', 'webp', 'jpeg', 'png'];
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
const isHash = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);

/** A manifest as written by write(), or undefined for anything else (hand edits, old layouts). */
function parseEntry(value: unknown, key: string): CacheEntry | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entry = value as Partial<Record<keyof CacheEntry, unknown>>;
  if (entry.key !== key || typeof entry.placeholderColor !== 'string' || !/^#[0-9a-f]{6}$/.test(entry.placeholderColor)) return undefined;
  if (!Array.isArray(entry.variants) || entry.variants.length === 0) return undefined;
  const variants: CachedVariant[] = [];
  for (const item of entry.variants as unknown[]) {
    if (typeof item !== 'object' || item === null) return undefined;
    const variant = item as Partial<Record<keyof CachedVariant, unknown>>;
    if (typeof variant.format !== 'string' || !FORMATS.includes(variant.format)) return undefined;
    if (!isCount(variant.width) || !isCount(variant.height) || !isCount(variant.size) || !isHash(variant.sha256)) return undefined;
    variants.push({ format: variant.format as ImageFormat, width: variant.width, height: variant.height, sha256: variant.sha256, size: variant.size });
  }
  return { key, placeholderColor: entry.placeholderColor, variants };
}
