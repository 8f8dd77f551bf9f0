import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { compareDiagnostics, type Diagnostic } from '../../data/diagnostic.ts';
import type { ImageUse, ImageUseKind } from '../../data/image-uses.ts';
import type { LoadResult } from '../../data/load-project.ts';
import { createConcurrencyLimit } from './concurrency-limit.ts';
import { PRESET_SETTINGS } from './image-presets.ts';
import { describeReadError } from './image-source-error.ts';

/** What reading one image found: its size as pages show it (EXIF rotation applied), or why it cannot be used. */
type ImageFacts = { width: number; height: number } | { problem: string };

interface CachedFacts {
  size: number;
  mtimeMs: number;
  facts: ImageFacts;
}

/** Bump when what is checked changes, so facts found by the old check are not trusted. */
const CHECK_REVISION = 2;

/** Under <root>/.cache/, beside the encoded images: facts about each image, keyed by its size and modification time. */
export const IMAGE_CHECK_CACHE = path.join('.cache', 'image-check.json');

const largest = (widths: readonly number[]) => Math.max(...widths);

/**
 * How wide each use of an image is shown at most, in device pixels: the largest variant the
 * build makes for it, taken from the presets so the check follows any change to them. Embroidery
 * logos are the exception: they share the logo preset with the header logo (whose 480 px variant
 * is for a 240 px header at 2x), but the logo choices show them at 6rem, so a 2x screen picks the
 * 320 px variant and never the 480 one.
 */
const SHOWN_AT: Readonly<Record<ImageUseKind, { width: number; where: string }>> = {
  product: { width: largest(PRESET_SETTINGS.product.widths), where: 'the item page shows it' },
  'company-logo': { width: largest(PRESET_SETTINGS.logo.widths), where: 'the site header shows it' },
  embroidery: { width: PRESET_SETTINGS.logo.widths[1]!, where: 'the logo choices show it' },
  'entry-header': { width: largest(PRESET_SETTINGS.banner.widths), where: 'the entry screen shows it' },
};

export interface ImageCheckResult extends LoadResult {
  /** How many image files were read (the others' facts came from the cache). */
  imagesRead: number;
}

/**
 * Reads every image the data uses and reports, at each place that names it, an image that cannot
 * be used (unreadable, truncated, not an image) as an error and one smaller than pages show it as
 * a warning. Merged into the load's diagnostics; an error removes the project, so the build
 * refuses it like any other data error, before writing anything.
 *
 * A file whose size and modification time are unchanged since it was last read is not read
 * again: a photo is 20 ms to decode, and the sample has hundreds.
 */
export async function checkImages(root: string, loaded: LoadResult): Promise<ImageCheckResult> {
  const cacheFile = path.join(root, IMAGE_CHECK_CACHE);
  const cached = await readCache(cacheFile);
  const fresh: Record<string, CachedFacts> = {};
  const limit = createConcurrencyLimit(availableParallelism());
  let imagesRead = 0;

  const images = [...new Set(loaded.imageUses.map((use) => use.image))].sort();
  const facts = new Map<string, ImageFacts>();
  await Promise.all(
    images.map((image) =>
      limit(async () => {
        const file = path.join(root, image);
        const stats = await stat(file).catch(() => undefined);
        const known = cached[image];
        if (stats && known && known.size === stats.size && known.mtimeMs === stats.mtimeMs) {
          facts.set(image, known.facts);
          fresh[image] = known;
          return;
        }
        imagesRead += 1;
        const found = await readImageFacts(file);
        facts.set(image, found);
        // A file that vanished or changed while being read is read again next time.
        if (stats) fresh[image] = { size: stats.size, mtimeMs: stats.mtimeMs, facts: found };
      }),
    ),
  );
  // A project folder that cannot be written to (a read-only checkout) is checked all the same, only without the cache.
  if (imagesRead > 0 || Object.keys(fresh).length !== Object.keys(cached).length) await writeCache(cacheFile, fresh).catch(() => undefined);

  const found = loaded.imageUses.flatMap((use) => diagnosticsFor(use, facts.get(use.image)));
  const diagnostics = [...loaded.diagnostics, ...found].sort(compareDiagnostics);
  const project = found.some((d) => d.severity === 'error') ? undefined : loaded.project;
  return { ...loaded, diagnostics, project, imagesRead };
}

function diagnosticsFor(use: ImageUse, facts: ImageFacts | undefined): Diagnostic[] {
  if (!facts) return [];
  const at = () => ({ file: use.file, ...use.locate(), path: use.path });
  if ('problem' in facts) return [{ severity: 'error', ...at(), message: `${use.image}: ${facts.problem}` }];
  const small = smallness(use.image, use.kind, facts);
  return small === undefined ? [] : [{ severity: 'warning', ...at(), message: small.message, kind: { heading: SMALL_HEADING, detail: small.detail } }];
}

const SMALL_HEADING = 'images narrower than the pages show them, so they will look blurry; use ones at least as wide as the page shows them';

function smallness(image: string, kind: ImageUseKind, { width, height }: { width: number; height: number }): { detail: string; message: string } | undefined {
  const shown = SHOWN_AT[kind];
  if (width >= shown.width) return undefined;
  const detail = `${image} is ${width}×${height}, ${shown.where} at ${shown.width} px wide`;
  return { detail, message: `${detail}, so it will look blurry; use one at least ${shown.width} px wide` };
}

/**
 * The warning for an image narrower than pages show it, or undefined. Also said by
 * `npm run images:add` as it writes a photo, in the same words as `npm run validate` later.
 */
export function tooSmall(image: string, kind: ImageUseKind, size: { width: number; height: number }): string | undefined {
  return smallness(image, kind, size)?.message;
}

/**
 * The header gives the size, but a file cut off after its header passes it (a truncated JPEG's
 * metadata is complete), so the pixels are decoded too, shrunk on load to keep it quick, with
 * the encoder's own strictness (failOn 'warning'), so what passes here also builds.
 */
async function readImageFacts(file: string): Promise<ImageFacts> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    return { problem: describeReadError(error) };
  }
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { failOn: 'warning' }).metadata();
  } catch (error) {
    return { problem: `not a readable image (${error instanceof Error ? error.message : String(error)})` };
  }
  try {
    await sharp(bytes, { failOn: 'warning' }).resize({ width: 64, withoutEnlargement: true }).raw().toBuffer();
  } catch {
    // libvips words this differently from run to run ("premature end of JPEG image", or only that
    // a warning was treated as an error), so the message says what it means instead.
    return { problem: `not a readable image (cut off or damaged: its header is whole but its picture data is not)` };
  }
  // EXIF orientations 5 to 8 turn the picture a quarter: the build shows it upright (autoOrient).
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = turned ? metadata.height : metadata.width;
  const height = turned ? metadata.width : metadata.height;
  if (!width || !height) return { problem: 'not a readable image (no width or height)' };
  return { width, height };
}

async function readCache(file: string): Promise<Record<string, CachedFacts>> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as { revision?: unknown; sharp?: unknown; files?: unknown };
    // A different libvips may read some files differently: start over rather than trust it.
    if (parsed.revision !== CHECK_REVISION || parsed.sharp !== sharp.versions.sharp || typeof parsed.files !== 'object' || parsed.files === null) return {};
    return Object.fromEntries(Object.entries(parsed.files as Record<string, unknown>).filter(([, entry]) => isCachedFacts(entry))) as Record<
      string,
      CachedFacts
    >;
  } catch {
    return {}; // missing or damaged: everything is read again
  }
}

function isCachedFacts(value: unknown): value is CachedFacts {
  if (typeof value !== 'object' || value === null) return false;
  const { size, mtimeMs, facts } = value as Partial<Record<keyof CachedFacts, unknown>>;
  if (typeof size !== 'number' || typeof mtimeMs !== 'number' || typeof facts !== 'object' || facts === null) return false;
  const f = facts as Record<string, unknown>;
  return typeof f.problem === 'string' || (Number.isInteger(f.width) && Number.isInteger(f.height));
}

/** Written to a temporary file and renamed, so a validate run and a build at once never read half a file. */
async function writeCache(file: string, files: Record<string, CachedFacts>): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  const sorted = Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
  await writeFile(temp, `${JSON.stringify({ revision: CHECK_REVISION, sharp: sharp.versions.sharp, files: sorted }, null, 1)}\n`);
  await rename(temp, file);
}
