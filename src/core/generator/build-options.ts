import type { SiteLocation } from '../../site/site-location.ts';
import type { BuildProgress } from './build-progress.ts';
import type { BuildReport } from './shared/build-report.ts';

export interface BuildOptions {
  /** Where tenants/ and catalogs/ are. */
  root: string;
  /** Where src/ is: the code that renders and the browser bundles. */
  repoRoot: string;
  /** The output folder, normally <root>/dist. */
  outDir: string;
  /** Build only these tenant ids and keep the others' previous output; all when empty. */
  only?: readonly string[];
  /** Replaces every tenant's server_hostname, so a local build talks to a local order API. */
  apiOrigin?: string;
  /** Where the sites are served and whether they are a preview (`--base-path`, `--preview`); production by default. */
  location?: SiteLocation;
  /** Build tenants whose order API is the example address (`--allow-placeholder-api`): pages to look at, never to publish. */
  allowPlaceholderApi?: boolean;
  /** Told about each phase as it runs; nothing by default. */
  progress?: BuildProgress;
  /** Write .br and .gz siblings of the text files (default true; `--no-precompress`). */
  precompress?: boolean;
  /**
   * Reuse what was built before: pages from `.cache/pages/`, an unchanged tenant's folder and an image folder from the
   * previous output (default true). `--no-page-cache` renders and writes every page of every tenant; the image and
   * client bundle caches still serve.
   */
  reusePages?: boolean;
  /** Threads that render pages, the build's own included (`--workers N`, default 2 where there are two cores: one helper thread). The output is the same either way. */
  renderThreads?: number;
  /** Where compressed bytes are kept (default `.cache/precompressed/` beside the code; `--compression-cache DIR`). */
  compressionCache?: string;
  /**
   * Where encoded image variants are kept (default `.cache/images/` beside the code, whatever the data folder; `--image-cache DIR`).
   * Entries are keyed by the source's bytes and every encoding setting, so one cache serves every `--root`.
   */
  imageCache?: string;
}

export interface BuildResult {
  tenants: string[];
  pages: number;
  /** Variant files of the distinct images used: encoded now, or found in the cache. */
  images: { encoded: number; reused: number };
  /** What was written to <outDir>/report.json. */
  report: BuildReport;
}
