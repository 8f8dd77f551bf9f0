import { mkdir, readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { FileDigestCache } from '../shared/file-digest-cache.ts';
import { createConcurrencyLimit } from './concurrency-limit.ts';
import { encodeVariants, SourceDecodeError } from './encode-variants.ts';
import { describeReadError, ImageSourceError } from './image-source-error.ts';
import { type ImagePreset, isImagePreset, PRESET_SETTINGS } from './image-presets.ts';
import type { PreparedImage } from './prepared-image.ts';
import { publishFile } from './publish-file.ts';
import { cacheKey, type CacheEntry, sha256, VariantCache } from './variant-cache.ts';
import { variantFileName } from './variant-file-name.ts';

export interface ImagePipeline {
  /** Encodes the source into its responsive variants, or reuses them from the content-addressed cache. Calls for the same bytes share one encode; repeat calls for the same path and preset reuse the first call's result without reading the file again. */
  prepare(sourcePath: string, preset: ImagePreset): Promise<PreparedImage>;
  /** Copies (or hard-links when on the same filesystem — never modify the cache through a link) the variant files into outDir (created if needed). */
  emit(image: PreparedImage, outDir: string): Promise<void>;
  /**
   * The cache object behind each variant of the image, with the size and sha256 the cache checked
   * it against when it was looked up: a build that links the objects itself (FileLinker) knows
   * every published file's manifest entry without a stat.
   */
  variantObjects(image: PreparedImage): VariantObject[];
  /** How many variant files were encoded vs reused from the cache since the pipeline was created. */
  stats(): { encoded: number; reused: number };
  /**
   * Whether this published name's bytes were encoded by this pipeline rather than found in the
   * cache. A name already published by an earlier build and encoded again means its cache object
   * had been damaged (say, written into through a published hard link), and so may the copies
   * published with it: the build then lays those files out afresh instead of keeping them.
   */
  encodedNow(file: string): boolean;
}

export interface VariantObject {
  /** The published name. */
  file: string;
  /** The cache file holding its bytes. */
  object: string;
  size: number;
  /** Hex. */
  sha256: string;
}

export interface ImagePipelineOptions {
  /** Where encoded variants are kept between builds (the build uses <repo>/.cache/images). */
  cacheDir: string;
  /** Images encoded at once; default: one per CPU (each encode is itself multi-threaded). */
  concurrency?: number;
  /**
   * Source digests known from earlier builds (by inode, size and mtime): a source whose variants
   * are cached is then not read at all. At catalog scale, reading and hashing 3,000 photos was
   * most of a warm build's images phase. Without it, every source is read and hashed.
   */
  digests?: FileDigestCache;
}

interface Outcome {
  entry: CacheEntry;
  encoded: boolean;
}

/**
 * The build's single way to turn source images into published files. One pipeline serves a
 * whole build: it remembers what it prepared, so the same logo asked for by every tenant is
 * read, hashed and looked up in the cache once (a source is read when first asked for; later
 * edits to it are not seen by the same pipeline), and knows where each published name's bytes
 * are for emit().
 */
export function createImagePipeline(options: ImagePipelineOptions): ImagePipeline {
  const cache = new VariantCache(options.cacheDir, options.digests);
  const limit = createConcurrencyLimit(options.concurrency ?? availableParallelism());
  const lookups = createConcurrencyLimit(32);
  // Keyed by cache key, not path: concurrent calls for the same bytes, under any name, share
  // one lookup-or-encode. Failures are dropped so a fixed file can be retried.
  const outcomes = new Map<string, Promise<Outcome>>();
  // Published name → cache object, filled by prepare(); emit() needs nothing else.
  const objects = new Map<string, VariantObject>();
  // Keyed by resolved path and preset: every tenant asking for the same file gets the first
  // call's result without reading and hashing the file again. Failures are dropped, as above.
  const prepared = new Map<string, Promise<PreparedImage>>();
  const counts = { encoded: 0, reused: 0 };
  const encodedFiles = new Set<string>();
  let swept: Promise<void> | undefined;

  async function lookUpOrEncode(key: string, bytes: () => Promise<Buffer>, preset: ImagePreset): Promise<Outcome> {
    await (swept ??= cache.sweepAbandonedTemp());
    // Only encoding waits for a slot: a lookup is a few small reads, and thousands of them two at
    // a time kept a warm build's images phase waiting on the disk.
    const found = await lookups(() => cache.read(key));
    if (found) return { entry: found, encoded: false };
    return limit(async () => {
      const cached = await cache.read(key);
      if (cached) return { entry: cached, encoded: false };
      const encoded = await encodeVariants(await bytes(), PRESET_SETTINGS[preset]);
      return { entry: await cache.write(key, encoded), encoded: true };
    });
  }

  async function prepare(sourcePath: string, preset: ImagePreset): Promise<PreparedImage> {
    if (!isImagePreset(preset)) throw new TypeError(`unknown image preset ${JSON.stringify(preset)}; presets are product, logo, banner`);
    const source = path.resolve(sourcePath);
    const memoKey = `${preset}\0${source}`;
    const earlier = prepared.get(memoKey);
    if (earlier) {
      const image = await earlier;
      // Counted as the repeat call it replaces would have been: its files came for free.
      counts.reused += image.variants.length;
      return copyOf(image);
    }
    const pending = readAndPrepare(source, preset);
    prepared.set(memoKey, pending);
    pending.catch(() => {
      if (prepared.get(memoKey) === pending) prepared.delete(memoKey);
    });
    return copyOf(await pending);
  }

  async function readAndPrepare(source: string, preset: ImagePreset): Promise<PreparedImage> {
    const read = async () => {
      try {
        return await readFile(source);
      } catch (error) {
        throw new ImageSourceError(source, describeReadError(error));
      }
    };
    let bytes: Buffer | undefined;
    let digest: string;
    if (options.digests) {
      digest = await options.digests.digest(source).then(
        (known) => known.sha256,
        (error: unknown) => {
          throw new ImageSourceError(source, describeReadError(error));
        },
      );
    } else {
      bytes = await read();
      digest = sha256(bytes);
    }
    const key = cacheKey(digest, PRESET_SETTINGS[preset]);
    // Read for encoding only on a cache miss; bytes that no longer match the digest were changed
    // while the build ran, and must not be cached under it.
    const bytesToEncode = async () => {
      const current = bytes ?? (await read());
      if (sha256(current) !== digest) throw new ImageSourceError(source, 'changed while the build was reading it; run the build again');
      return current;
    };

    let pending = outcomes.get(key);
    const first = !pending;
    if (!pending) {
      pending = lookUpOrEncode(key, bytesToEncode, preset);
      outcomes.set(key, pending);
      pending.catch(() => outcomes.delete(key));
    }

    let outcome: Outcome;
    try {
      outcome = await pending;
    } catch (error) {
      if (error instanceof SourceDecodeError) throw new ImageSourceError(source, `not a readable image (${error.message})`);
      throw error;
    }
    const { entry } = outcome;
    // Only the call that did the encode counts it; every other call got the files for free.
    if (first && outcome.encoded) counts.encoded += entry.variants.length;
    else counts.reused += entry.variants.length;

    const variants = entry.variants.map((variant) => {
      const file = variantFileName(source, variant.sha256, variant.width, variant.format);
      objects.set(file, { file, object: cache.objectPath(variant), size: variant.size, sha256: variant.sha256 });
      if (outcome.encoded) encodedFiles.add(file);
      return { file, width: variant.width, format: variant.format };
    });
    const largest = entry.variants.reduce((a, b) => (b.width > a.width ? b : a));
    return { source, width: largest.width, height: largest.height, placeholderColor: entry.placeholderColor, variants };
  }

  function variantObjects(image: PreparedImage): VariantObject[] {
    return image.variants.map(({ file }) => {
      const found = objects.get(file);
      if (!found) throw new Error(`internal: ${file} (from ${image.source}) was not prepared by this image pipeline`);
      return { ...found };
    });
  }

  async function emit(image: PreparedImage, outDir: string): Promise<void> {
    const files = variantObjects(image);
    await mkdir(outDir, { recursive: true });
    for (const { file, object } of files) await publishFile(object, path.join(outDir, file));
  }

  return { prepare, emit, variantObjects, stats: () => ({ ...counts }), encodedNow: (file) => encodedFiles.has(file) };
}

/** Every caller gets its own object, as when each call built one, so none can change another's. */
function copyOf(image: PreparedImage): PreparedImage {
  return { ...image, variants: image.variants.map((variant) => ({ ...variant })) };
}
