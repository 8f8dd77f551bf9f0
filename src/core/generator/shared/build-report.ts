import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildPhase } from '../build-progress.ts';
import { PUBLISHING_FILES, type ManifestEntry } from './site-manifest.ts';

export interface ByteTotals {
  html: number;
  js: number;
  css: number;
  images: number;
  /** Anything else published (none today); kept so the kinds always add up to the folder. */
  other: number;
}

/** What one site of dist/ holds after the build, and what it cost. */
export interface SiteReport {
  /** Tenant id, or '_entry' for the entry screen's site. */
  id: string;
  /** HTML documents written, the 404 page included. */
  pages: number;
  /** Image files published, and how their variants were obtained (encoded now or reused from the cache). */
  images: { files: number; encoded: number; reused: number };
  bytes: ByteTotals;
  /** Validator warnings in the tenant's own file (tenants/<id>.yaml). */
  warnings: number;
  /** Digest of what the folder was made from (site-inputs.ts); the next build reuses the folder when it is unchanged. */
  inputs?: string;
  /** True when this build linked the previous build's folder instead of writing it. */
  unchanged?: boolean;
  /** Digest of the names in its image folder (carried-images.ts); the next build moves that folder over when it is unchanged. */
  imageFolder?: string;
  /** Its image folder as published (carried-images.ts imageFolderStamp): the next build takes it on this one check, not a stat a file. */
  imageFolderStamp?: string;
  /** Digest of the tenant's frame (config, logos, stylesheet) every page shows; the next build names it when it changed (render-reasons.ts). */
  frame?: string;
  /** The pages this build rendered, not carried or linked from the page cache, and why. */
  rendered?: RenderedPages;
}

/** A site's pages rendered by one build: how many, and their files by the input that changed ('product K500', 'tenant', 'code'…). */
export interface RenderedPages {
  pages: number;
  reasons: Record<string, string[]>;
}

/** What a build records of its inputs, for the next build to name why it renders a page (render-reasons.ts). */
export interface RecordedInputs {
  /** The client bundle's folder name: a digest of src/ and the lockfile. */
  code: string;
  /** Each product's digest, by `catalog/code`. */
  products: Record<string, string>;
}

export interface BuildReport {
  /** True for `--tenant` builds: the report covers only the tenants built this time. */
  partial: boolean;
  tenants: SiteReport[];
  entry: SiteReport;
  /** Every validator warning of the run, including those of shared files (_site.yaml, catalogs). */
  warnings: number;
  /**
   * Milliseconds per phase. The report is written inside the staging folder, so `write` covers
   * preparing it and carrying other tenants over; the final swap into place comes after.
   */
  phasesMs: Record<BuildPhase, number>;
  /** From the start of the build until the report was written. */
  totalMs: number;
  /** Pages rendered now, by the build's own thread and by its helper threads (page-render-pool.ts); pages linked from the page cache are in neither. */
  pagesRendered: PagesRendered;
  /** What changed since the previous build, as the build's summary line names it: product codes, `tenant <id>`, `code`. */
  changed?: string[];
  recorded?: RecordedInputs;
}

export interface PagesRendered {
  build: number;
  helpers: number;
}

export const REPORT_FILE = 'report.json';

const KIND_BY_EXTENSION: Record<string, keyof ByteTotals> = {
  '.html': 'html',
  '.js': 'js',
  '.mjs': 'js',
  '.css': 'css',
  '.avif': 'images',
  '.webp': 'images',
  '.jpg': 'images',
  '.jpeg': 'images',
  '.png': 'images',
  '.gif': 'images',
  '.svg': 'images',
};

/**
 * Measures a site as published, from its manifest: every file of the folder as written, with its
 * size (publishSite lists what it walks, not what the build meant to write), so the report cannot
 * disagree with what is published, and the folder is not walked again. It counts the content
 * (pages, scripts, styles, images) uncompressed: the .br/.gz siblings and the CDN's files
 * (`_headers`, `robots.txt`; the manifest does not list itself) are left out, so the figures are
 * the same with `--no-precompress`.
 */
export function measureSite(manifest: readonly ManifestEntry[]): { pages: number; imageFiles: number; bytes: ByteTotals } {
  const bytes: ByteTotals = { html: 0, js: 0, css: 0, images: 0, other: 0 };
  let pages = 0;
  let imageFiles = 0;
  // By hand rather than by regular expression and path.extname: some 25,000 entries a catalog-scale site, for every site rebuilt.
  for (const { path: file, size } of manifest) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue;
    const slash = file.lastIndexOf('/');
    if (slash < 0 && PUBLISHING_FILES.includes(file)) continue;
    const dot = file.lastIndexOf('.');
    // path.extname's: none for a name that only starts with a dot.
    const kind = (dot > slash + 1 && KIND_BY_EXTENSION[file.slice(dot).toLowerCase()]) || 'other';
    bytes[kind] += size;
    if (kind === 'html') pages += 1;
    if (kind === 'images') imageFiles += 1;
  }
  return { pages, imageFiles, bytes };
}

/** The sum of several sites' figures: what the table's total row and the CI summary show. */
export function totalOf(sites: readonly SiteReport[]): Omit<SiteReport, 'id'> {
  const total: Omit<SiteReport, 'id'> = {
    pages: 0,
    images: { files: 0, encoded: 0, reused: 0 },
    bytes: { html: 0, js: 0, css: 0, images: 0, other: 0 },
    warnings: 0,
  };
  for (const site of sites) {
    total.pages += site.pages;
    total.warnings += site.warnings;
    for (const key of ['files', 'encoded', 'reused'] as const) total.images[key] += site.images[key];
    for (const key of Object.keys(total.bytes) as (keyof ByteTotals)[]) total.bytes[key] += site.bytes[key];
  }
  return total;
}

export function writeReport(outDir: string, report: BuildReport): void {
  writeFileSync(path.join(outDir, REPORT_FILE), `${JSON.stringify(report, null, 2)}\n`);
}
