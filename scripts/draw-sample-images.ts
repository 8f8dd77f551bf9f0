/**
 * Draws the placeholder images the sample data refers to, so a fresh checkout builds
 * complete storefronts without real product photography or customer logos:
 *
 *   catalogs/images/<code>_<colour>.jpg   one per product colour and half colour
 *   catalogs/images/<code>_<colour>_back.jpg  the back, for the products of SAMPLE_BACKS
 *   tenants/logos/<logo name>.png         one per name in any tenant's embroideries
 *   tenants/logos/<company_logo>          each tenant's wordmark
 *   tenants/logos/<entry_header_image>    the entry screen's banner (tenants/_site.yaml)
 *
 * Output is deterministic, so redrawing changes no bytes unless the data changed.
 *
 * Usage: npm run images:sample -- [--force] [--root <dir>]
 *   --force       redraw every image (files whose bytes come out the same are not rewritten)
 *   --root <dir>  project folder holding catalogs/ and tenants/ (default: this repository)
 */
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp, { type JpegOptions, type PngOptions } from 'sharp';
import { createConcurrencyLimit } from '../src/core/generator/images/concurrency-limit.ts';
import { projectRoot } from '../src/core/project-root.ts';
// File naming is shared with the build, so images land exactly where it looks for them.
import { logoImageFile, productBackImageFile, productImageFile } from '../src/domain/image-names.ts';
import { emblemSvg, headerBannerSvg, wordmarkSvg } from './sample-images/logo-images.ts';
import { productImageSvg } from './sample-images/product-image.ts';
import { loadSampleData, SampleDataError, type Product, type SampleData } from './sample-images/sample-data.ts';

type ImageKind = 'product' | 'logo' | 'wordmark' | 'banner';

interface ImageJob {
  /** Path relative to the project root, with forward slashes. */
  file: string;
  kind: ImageKind;
  draw: () => Promise<Buffer>;
}

interface Outcome {
  job: ImageJob;
  drawn: boolean;
  bytes: number;
}

const USAGE = 'Usage: tsx scripts/draw-sample-images.ts [--force] [--root <dir>]';
const PRODUCT_JPEG: JpegOptions = { quality: 70, mozjpeg: true };
const LOGO_PNG: PngOptions = { palette: true, compressionLevel: 9, effort: 10 };

// ---------------------------------------------------------------------------------------
// What to draw

/** Products whose sample pictures include the back, so the item page's back placements (Full Back, Yoke) have one to show. */
const SAMPLE_BACKS: ReadonlySet<string> = new Set(['K500']);

function productJobs(product: Product): ImageJob[] {
  const variants = [
    ...product.colors.map((colour) => ({ colour, parts: [colour], back: false })),
    ...product.halfColors.map((colour) => ({ colour, parts: splitHalfColor(colour), back: false })),
  ];
  if (SAMPLE_BACKS.has(product.code)) variants.push(...product.colors.map((colour) => ({ colour, parts: [colour], back: true })));
  return variants.map(({ colour, parts, back }) => ({
    file: `catalogs/images/${back ? productBackImageFile(product.code, colour) : productImageFile(product.code, colour)}`,
    kind: 'product',
    draw: () =>
      render(
        productImageSvg({
          code: product.code,
          name: product.name,
          type: product.type,
          subCategory: product.subCategory,
          colorName: colour,
          colorParts: parts,
          back,
        }),
        'jpg',
      ),
  }));
}

/** "Black Red" → Black and Red; anything longer keeps the rest together as the second half. */
function splitHalfColor(halfColor: string): string[] {
  const [first = halfColor, ...rest] = halfColor.trim().split(/\s+/);
  return rest.length > 0 ? [first, rest.join(' ')] : [first];
}

function logoJob(file: string, kind: ImageKind, svg: () => string): ImageJob {
  return { file: `tenants/logos/${file}`, kind, draw: () => render(svg(), extensionOf(file)) };
}

/**
 * Every image the data asks for, once each. Products of several catalogs may share a code
 * and tenants share logo names: the first one asked for (in sorted file order) is drawn.
 */
function planImages(data: SampleData): ImageJob[] {
  const jobs = new Map<string, ImageJob>();
  const add = (job: ImageJob): void => {
    const earlier = jobs.get(job.file);
    if (!earlier) jobs.set(job.file, job);
    else if (earlier.kind !== job.kind) {
      console.warn(`warning: ${job.file} is wanted as a ${earlier.kind} and a ${job.kind}; drawing the ${earlier.kind}`);
    }
  };

  for (const catalog of data.catalogs) {
    for (const product of catalog.products) productJobs(product).forEach(add);
  }
  const supplier = data.supplier;
  if (supplier?.entryHeaderImage) {
    add(logoJob(supplier.entryHeaderImage, 'banner', () => headerBannerSvg(supplier.supplierName)));
  }
  for (const tenant of data.tenants) {
    if (tenant.companyLogo) add(logoJob(tenant.companyLogo, 'wordmark', () => wordmarkSvg(tenant.title)));
  }
  for (const tenant of data.tenants) {
    for (const name of tenant.logoNames) add(logoJob(logoImageFile(name), 'logo', () => emblemSvg(name)));
  }
  return [...jobs.values()];
}

// ---------------------------------------------------------------------------------------
// Drawing and writing

type Format = 'jpg' | 'png' | 'webp';

function extensionOf(file: string): Format {
  const extension = path.extname(file).toLowerCase();
  if (extension === '.jpg' || extension === '.jpeg') return 'jpg';
  if (extension === '.webp') return 'webp';
  return 'png';
}

/** Rasterises an SVG. sharp writes no timestamps or other metadata, so output is repeatable. */
function render(svg: string, format: Format): Promise<Buffer> {
  const image = sharp(Buffer.from(svg));
  switch (format) {
    case 'jpg':
      // JPEG has no transparency; transparent wordmarks go on white, not black.
      return image.flatten({ background: '#ffffff' }).jpeg(PRODUCT_JPEG).toBuffer();
    case 'webp':
      return image.webp({ quality: 80, effort: 6 }).toBuffer();
    case 'png':
      return image.png(LOGO_PNG).toBuffer();
  }
}

async function fileSize(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Write to a temporary name first so an interrupted run never leaves a truncated image. */
async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp-${process.pid}`;
  await writeFile(temporary, bytes);
  await rename(temporary, file);
}

async function produce(job: ImageJob, root: string, force: boolean): Promise<Outcome> {
  const target = path.join(root, job.file);
  const existingSize = await fileSize(target);
  if (existingSize !== undefined && !force) return { job, drawn: false, bytes: existingSize };

  let bytes: Buffer;
  try {
    bytes = await job.draw();
  } catch (error) {
    throw new Error(`cannot draw ${job.file}: ${(error as Error).message}`);
  }
  if (existingSize === bytes.length && (await readFile(target)).equals(bytes)) {
    return { job, drawn: false, bytes: bytes.length };
  }
  await writeAtomically(target, bytes);
  return { job, drawn: true, bytes: bytes.length };
}

// ---------------------------------------------------------------------------------------
// Command line

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function averageOf(outcomes: readonly Outcome[], label: string): string {
  if (outcomes.length === 0) return `${label}: 0`;
  const total = outcomes.reduce((sum, outcome) => sum + outcome.bytes, 0);
  return `${label}: ${outcomes.length}, avg ${formatBytes(total / outcomes.length)}`;
}

function summary(outcomes: readonly Outcome[], seconds: number): string {
  const drawn = outcomes.filter((outcome) => outcome.drawn).length;
  const total = outcomes.reduce((sum, outcome) => sum + outcome.bytes, 0);
  const products = outcomes.filter((outcome) => outcome.job.kind === 'product');
  const logos = outcomes.filter((outcome) => outcome.job.kind !== 'product');
  return (
    `drawn ${drawn}, kept ${outcomes.length - drawn} of ${outcomes.length} images, ${formatBytes(total)} ` +
    `(${averageOf(products, 'product JPEGs')}; ${averageOf(logos, 'logos and banner')}) in ${seconds.toFixed(1)} s`
  );
}

function parseCommandLine(): { root: string; force: boolean } {
  const { values } = parseArgs({
    options: {
      root: { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return { root: path.resolve(values.root ?? projectRoot()), force: values.force ?? false };
}

async function main(): Promise<void> {
  const started = performance.now();
  let options: { root: string; force: boolean };
  try {
    options = parseCommandLine();
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const data = await loadSampleData(options.root);
  const jobs = planImages(data);
  if (jobs.length === 0) {
    console.log(`nothing to draw: no products, logos or header image named under ${options.root}`);
    return;
  }
  // At most one job per CPU at once, started in order; Promise.all keeps the results in job order.
  const limit = createConcurrencyLimit(availableParallelism());
  const outcomes = await Promise.all(jobs.map((job) => limit(() => produce(job, options.root, options.force))));
  console.log(summary(outcomes, (performance.now() - started) / 1000));
}

main().catch((error: unknown) => {
  const message = error instanceof SampleDataError ? error.message : String((error as Error).stack ?? error);
  console.error(`draw-sample-images: ${message}`);
  process.exit(1);
});
